// What the CLI prints. Results go to stdout; prompts, progress and errors to stderr (so `--json`
// output and the stdio bridge's protocol stay clean). Nothing here ever receives a token.
import YAML from 'yaml';
import type { DevicePrompt } from './oauth.js';

export type Io = { out: (text: string) => void; err: (text: string) => void };

export const processIo: Io = {
  out: (text) => void process.stdout.write(`${text}\n`),
  err: (text) => void process.stderr.write(`${text}\n`),
};

export function showDevicePrompt(prompt: DevicePrompt, io: Io): void {
  const minutes = Math.max(1, Math.round(prompt.expiresIn / 60));
  io.err('To sign in to Pacewise, open this link in a browser on any device:');
  io.err(`  ${prompt.verificationUriComplete ?? prompt.verificationUri}`);
  io.err(`and check that the page shows the code ${prompt.userCode}`);
  io.err(`(or open ${prompt.verificationUri} and enter the code). The code expires in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  io.err('Waiting for your approval...');
}

export type Account = {
  email: string;
  grantedScopes: string[];
  subscription: { status: string; renewsAt?: string | null; expiresAt?: string | null };
};

export function printAccount(account: Account, server: string, storage: string | undefined, io: Io): void {
  io.out(`Signed in to ${server} as ${account.email}`);
  io.out(`Scopes: ${account.grantedScopes.length ? account.grantedScopes.join(' ') : '(none)'}`);
  const sub = account.subscription;
  const when = sub.status === 'active' && sub.renewsAt ? `, renews ${sub.renewsAt}` : sub.expiresAt ? `, ended ${sub.expiresAt}` : '';
  io.out(`Subscription: ${sub.status}${when}`);
  if (sub.status !== 'active')
    io.out("Most tools need an active subscription: run `pacewise call get_payment_checkout_link '{}'` for a checkout link.");
  if (storage) io.out(`Tokens: ${storage}`);
}

export type ToolSummary = {
  name: string;
  title?: string;
  description?: string;
  annotations?: { readOnlyHint?: boolean };
  _meta?: Record<string, unknown>;
};

export function printTools(tools: ToolSummary[], io: Io): void {
  for (const tool of tools) {
    const scope = tool._meta?.['pacewise/scope'];
    const facts = [
      typeof scope === 'string' ? (scope === 'any' ? 'any scope' : scope) : undefined,
      tool.annotations?.readOnlyHint ? 'read' : 'write',
      tool._meta?.['pacewise/free'] === true ? undefined : 'subscription',
    ].filter(Boolean);
    io.out(`${tool.name}  (${facts.join(', ')})`);
    const summary = (tool.description ?? tool.title ?? '').split(/(?<=\.)\s/)[0];
    if (summary) io.out(`    ${summary}`);
  }
  io.out(`${tools.length} tools. \`pacewise tools --json\` shows every argument schema.`);
}

export function printData(data: unknown, io: Io): void {
  io.out(typeof data === 'string' ? data : YAML.stringify(data).trimEnd());
}
