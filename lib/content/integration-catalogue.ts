// The one catalogue of fitness integrations: the integrations code and the public site both read it,
// so the site never lists an integration the product lacks.
// It sits in lib/content, below the integrations service, so the site's pages need not reach up to it.
export type IntegrationKind = 'oauth' | 'phone-platform';

export type IntegrationDefinition = {
  id: string;
  name: string;
  kind: IntegrationKind;
  /** What the integration brings into Pacewise. */
  syncs: string[];
  description: string;
  /** How a person connects it, in words an agent can pass on. */
  howToConnect: string;
};

export const integrationCatalogue: readonly IntegrationDefinition[] = [
  {
    id: 'strava',
    name: 'Strava',
    kind: 'oauth',
    syncs: ['runs as completed workouts', 'workout heart rate'],
    description: 'Connect with Strava sign-in. Runs are imported as completed workouts with their heart-rate data.',
    howToConnect:
      'Call connect_integration with "strava", have the person open the returned authorizationUrl in a browser, press Authorize on Strava and, if asked, sign in to Pacewise with their own account; then call sync_integration to import.',
  },
  {
    id: 'apple-health',
    name: 'Apple Health',
    kind: 'phone-platform',
    syncs: [],
    description:
      'The health store on iPhone. Only a native iOS app can read it, and Pacewise has none (its app is an installable web app), so it cannot be connected.',
    howToConnect:
      'Apple Health cannot be connected: only a native iPhone app can read it, and Pacewise has no native app (no App Store app; its app is an installable web app). Record resting heart rate, HRV, sleep or body weight with record_health_data instead, from what the person reads off their phone or watch.',
  },
  {
    id: 'health-connect',
    name: 'Health Connect',
    kind: 'phone-platform',
    syncs: [],
    description:
      'The health store on Android. Only a native Android app can read it, and Pacewise has none (its app is an installable web app), so it cannot be connected.',
    howToConnect:
      'Health Connect cannot be connected: only a native Android app can read it, and Pacewise has no native app (no Google Play app; its app is an installable web app). Record resting heart rate, HRV, sleep or body weight with record_health_data instead, from what the person reads off their phone or watch.',
  },
];

export function findIntegration(id: string): IntegrationDefinition | undefined {
  return integrationCatalogue.find((i) => i.id === id);
}
