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
    syncs: ['steps', 'resting heart rate', 'heart-rate variability', 'sleep', 'body mass', 'VO2max', 'active energy', 'workouts'],
    description: 'The health store on iPhone. Connected inside the Pacewise iOS app, where iOS asks for permission per data type.',
    howToConnect:
      'Apple Health can only be connected on the iPhone: install the Pacewise iOS app, sign in with the same Pacewise account, open Integrations, turn on Apple Health and allow the data types iOS asks about. Data then syncs from the phone by itself.',
  },
  {
    id: 'health-connect',
    name: 'Health Connect',
    kind: 'phone-platform',
    syncs: ['steps', 'resting heart rate', 'heart-rate variability', 'sleep', 'body mass', 'VO2max', 'active energy', 'workouts'],
    description: 'The health store on Android. Connected inside the Pacewise Android app, where Android asks for permission per data type.',
    howToConnect:
      'Health Connect can only be connected on the Android phone: install the Pacewise Android app, sign in with the same Pacewise account, open Integrations, turn on Health Connect and allow the data types Android asks about. Data then syncs from the phone by itself.',
  },
];

export function findIntegration(id: string): IntegrationDefinition | undefined {
  return integrationCatalogue.find((i) => i.id === id);
}
