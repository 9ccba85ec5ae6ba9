import type { IntegrationDefinition, IntegrationKind } from '@/lib/content/integration-catalogue';

const HOW_TO_CONNECT: Record<IntegrationKind, string> = {
  oauth: 'Sign in with the service, from your account page or through a connected agent',
  'phone-platform': 'Not available: only a native phone app can read it, and Pacewise has none',
};

/** The integration catalogue as cards: name, how it is connected and what it brings in. */
export function IntegrationList({
  integrations,
  headingLevel = 3,
}: {
  integrations: readonly IntegrationDefinition[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="integration-grid">
      {integrations.map((i) => (
        <li key={i.id} className="card integration">
          <Heading>{i.name}</Heading>
          <p>{i.description}</p>
          <dl>
            <dt>How you connect</dt>
            <dd>{HOW_TO_CONNECT[i.kind]}</dd>
            {i.syncs.length > 0 && (
              <>
                <dt>What it syncs</dt>
                <dd>
                  <ul className="chips">
                    {i.syncs.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}
