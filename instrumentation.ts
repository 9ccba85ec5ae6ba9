// Runs once when a server instance starts: a bad environment stops it with a one-line message.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') await import('./lib/startup');
}
