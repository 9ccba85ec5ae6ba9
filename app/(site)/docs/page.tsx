import type { Metadata } from 'next';
import { getPage } from '@/lib/content';
import { apiReference, type OperationReference, type SchemaReference } from '@/lib/public-api/reference';
import { metadataForPage } from '@/lib/seo/page-metadata';
import { CopyPage } from '../_components/copy-page';
import styles from './docs.module.css';

export const dynamic = 'force-static';

export function generateMetadata(): Metadata {
  // Canonical /docs and the Markdown twin /docs.md as alternate, like every page of the site.
  return metadataForPage('docs');
}

/** Descriptions in the OpenAPI document mark code with backticks, as Markdown does. */
function Text({ children }: { children: string }) {
  return children.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

/** A table that may be wider than a phone: it scrolls, and the scroll area can take keyboard focus. */
function WideTable({ label, head, rows }: { label: string; head: string[]; rows: React.ReactNode[][] }) {
  return (
    <div className={styles.scroll} role="region" aria-label={label} tabIndex={0}>
      <table>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, r) => (
            <tr key={r}>
              {cells.map((c, i) => (
                <td key={i}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SchemaTable({ operationId, schema }: { operationId: string; schema: SchemaReference }) {
  return (
    <>
      <p>
        <code>{schema.name}</code>: <Text>{schema.description}</Text>
      </p>
      <WideTable
        label={`${schema.name} fields (${operationId})`}
        head={['Field', 'Type', 'Required', 'Description']}
        rows={schema.fields.map((f) => [
          <code key="n">{f.name}</code>,
          f.type,
          f.required ? 'yes' : 'no',
          <Text key="d">{f.description}</Text>,
        ])}
      />
    </>
  );
}

function OperationSection({ op }: { op: OperationReference }) {
  return (
    <section className={styles.operation} aria-labelledby={op.operationId}>
      <h4 id={op.operationId}>
        <code>{op.operationId}</code>: {op.summary}
      </h4>
      <p className={styles.endpoint}>
        <span className={styles.method}>{op.method}</span> <code>{op.path}</code>
      </p>
      <p>
        <Text>{op.description}</Text>
      </p>
      {op.parameters.length > 0 && (
        <>
          <h5>Parameters</h5>
          <WideTable
            label={`Parameters of ${op.operationId}`}
            head={['Name', 'In', 'Type', 'Required', 'Description']}
            rows={op.parameters.map((p) => [
              <code key="n">{p.name}</code>,
              p.in,
              p.type,
              p.required ? 'yes' : 'no',
              <Text key="d">{p.description}</Text>,
            ])}
          />
          {op.parameters
            .filter((p) => p.values.length > 0)
            .map((p) => (
              <details key={p.name} className={styles.values}>
                <summary>
                  The {p.values.length} values of <code>{p.name}</code>
                </summary>
                <ul>
                  {p.values.map((v) => (
                    <li key={v}>
                      <code>{v}</code>
                    </li>
                  ))}
                </ul>
              </details>
            ))}
        </>
      )}
      <h5>Responses</h5>
      <ul>
        {op.responses.map((r) => (
          <li key={r.status}>
            <strong>{r.status}</strong>: <Text>{r.description}</Text>
            {r.schema && (
              <>
                {' '}
                (<code>{r.schema}</code>, application/json)
              </>
            )}
          </li>
        ))}
      </ul>
      {op.schemas.map((s) => (
        <SchemaTable key={s.name} operationId={op.operationId} schema={s} />
      ))}
      <h5>Example</h5>
      <pre className={styles.code}>
        <code>{op.curl}</code>
      </pre>
    </section>
  );
}

export default function DocsPage() {
  const ref = apiReference();
  return (
    <CopyPage page={getPage('docs')}>
      <section className={`section ${styles.reference}`} aria-labelledby="api-reference">
        <h2 id="api-reference">API reference</h2>
        <p>
          {ref.title}, version {ref.version}. Server: <code>{ref.server}</code>. OpenAPI 3.1 document:{' '}
          <a href={ref.openapiUrl}>{ref.openapiUrl}</a>
        </p>
        <nav aria-label="Operations">
          <ul>
            {ref.tags
              .flatMap((t) => t.operations)
              .map((op) => (
                <li key={op.operationId}>
                  <a href={`#${op.operationId}`}>
                    <code>{op.operationId}</code>
                  </a>
                  : {op.summary}
                </li>
              ))}
          </ul>
        </nav>
        {ref.tags.map((tag) => (
          <section key={tag.name} aria-labelledby={`tag-${tag.name}`}>
            <h3 id={`tag-${tag.name}`}>{tag.name}</h3>
            <p>{tag.description}</p>
            {tag.operations.map((op) => (
              <OperationSection key={op.operationId} op={op} />
            ))}
          </section>
        ))}
      </section>
    </CopyPage>
  );
}
