import type { Metadata } from 'next';

export const metadata: Metadata = {
  title: 'Strava connected',
  robots: { index: false, follow: false },
};

/** Where the Strava authorization ends: nothing to do here but go back to the agent. */
export default function StravaConnectedPage() {
  return (
    <main className="section" style={{ maxWidth: '36rem', margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Strava connected, you can return to your agent</h1>
      <p>Pacewise can now import your runs and their heart rate from Strava. Your agent imports them when you ask it to sync.</p>
      <p>You can close this tab.</p>
    </main>
  );
}
