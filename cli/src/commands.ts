// The `pacewise` commands. Each returns its exit code; failures the person can fix are CliErrors.
import { CliError, SignInRequired } from './errors.js';
import { connectTools, resultData, type Tools } from './mcp-client.js';
import { printAccount, printData, printTools, showDevicePrompt, type Account, type Io } from './output.js';
import { loginCommand, runBridge } from './bridge.js';
import type { Connection } from './session.js';

function storageOf(connection: Connection): string | undefined {
  const session = connection.stored()?.session;
  return session ? connection.store.describe(session) : undefined;
}

async function account(mcp: Tools): Promise<Account> {
  const result = resultData(await mcp.client.callTool({ name: 'get_account', arguments: {} }));
  if (result.isError) throw new CliError(`get_account failed: ${JSON.stringify(result.data)}`);
  return result.data as Account;
}

/**
 * Runs `fn` with a connected MCP client. When the server has ended the sign-in (invalid_grant and
 * the like), a new device sign-in starts at once (with the same scopes), then `fn` runs again.
 */
async function withTools<T>(connection: Connection, io: Io, fn: (mcp: Tools) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let mcp: Tools | undefined;
    try {
      mcp = await connectTools(connection);
      return await fn(mcp);
    } catch (error) {
      const ended = error instanceof SignInRequired && error.previousScope !== undefined;
      if (!ended || attempt > 1) throw error;
      io.err(`${error.message} Starting a new sign-in.`);
      await connection.login({ scope: error.previousScope || undefined, show: (p) => showDevicePrompt(p, io) });
    } finally {
      await mcp?.close().catch(() => undefined);
    }
  }
}

export async function login(connection: Connection, { scope }: { scope?: string | undefined }, io: Io): Promise<number> {
  io.err(`Signing in to ${connection.server}`);
  const session = await connection.login({ scope, show: (p) => showDevicePrompt(p, io) });
  const acct = await withTools(connection, io, account);
  printAccount(acct, connection.server, session ? connection.store.describe(session) : undefined, io);
  return 0;
}

export async function logout(connection: Connection, { forget }: { forget?: boolean | undefined }, io: Io): Promise<number> {
  const outcome = await connection.logout({ forget });
  if (outcome === 'not-signed-in') io.out(`Not signed in to ${connection.server}; nothing to do.`);
  else if (outcome === 'revoked') io.out(`Signed out of ${connection.server}: the tokens were revoked and deleted.`);
  else io.out(`The tokens for ${connection.server} were deleted without being revoked; revoke the agent on your account page.`);
  return 0;
}

export async function whoami(connection: Connection, { json }: { json?: boolean | undefined }, io: Io): Promise<number> {
  const acct = await withTools(connection, io, account);
  if (json) io.out(JSON.stringify(acct, null, 2));
  else printAccount(acct, connection.server, storageOf(connection), io);
  return 0;
}

export async function tools(connection: Connection, { json }: { json?: boolean | undefined }, io: Io): Promise<number> {
  const list = await withTools(connection, io, async (mcp) => (await mcp.client.listTools()).tools);
  if (json) io.out(JSON.stringify(list, null, 2));
  else printTools(list, io);
  return 0;
}

export async function call(
  connection: Connection,
  { tool, args, json }: { tool: string; args: Record<string, unknown>; json?: boolean | undefined },
  io: Io,
): Promise<number> {
  const outcome = await withTools(connection, io, async (mcp) => {
    // The live list first: it says whether the tool exists and whether it only reads (repeatable).
    const list = (await mcp.client.listTools()).tools;
    if (!list.some((t) => t.name === tool)) {
      throw new CliError(`There is no tool named "${tool}" on ${connection.server}. Run \`pacewise tools\` for the list.`);
    }
    const result = resultData(await mcp.client.callTool({ name: tool, arguments: args }));
    let checkout: { url: string; expiresAt: string } | undefined;
    const code = errorCode(result);
    if (code === 'subscription_inactive') {
      const link = resultData(await mcp.client.callTool({ name: 'get_payment_checkout_link', arguments: {} }));
      if (!link.isError) checkout = link.data as { url: string; expiresAt: string };
    }
    return { result, checkout, code };
  });
  const { result, checkout, code } = outcome;
  if (json) {
    const data = checkout && result.data && typeof result.data === 'object' ? { ...result.data, checkout } : result.data;
    io.out(JSON.stringify(data, null, 2));
  } else if (!result.isError) {
    printData(result.data, io);
  }
  if (!result.isError) return 0;
  const details = (typeof result.data === 'object' && result.data ? result.data : {}) as { message?: string; scope?: string };
  if (code === 'insufficient_scope') {
    const granted = (connection.stored()?.session?.scope ?? '').split(' ').filter(Boolean);
    const wanted = [...new Set([...granted, ...(details.scope ? [details.scope] : [])])].sort().join(' ');
    io.err(`${tool} needs the "${details.scope ?? 'missing'}" scope, which this sign-in was not granted.`);
    io.err(`Sign in again and approve it: pacewise login --scope "${wanted}"`);
  } else if (code === 'subscription_inactive') {
    io.err(`${tool} needs an active Pacewise subscription.`);
    if (checkout)
      io.err(
        `Open this checkout link to subscribe (valid until ${checkout.expiresAt}):\n  ${checkout.url}\nThen run \`pacewise whoami\` to check that the subscription is active.`,
      );
    else io.err("Run `pacewise call get_payment_checkout_link '{}'` for a checkout link.");
  } else if (!json) {
    io.err(`${tool} failed: ${details.message ?? (typeof result.data === 'string' ? result.data : JSON.stringify(result.data))}`);
  }
  return 1;
}

function errorCode(result: { isError: boolean; data: unknown }): string | undefined {
  if (!result.isError || !result.data || typeof result.data !== 'object') return undefined;
  const code = (result.data as { error?: unknown }).error;
  return typeof code === 'string' ? code : undefined;
}

export async function mcp(connection: Connection, io: Io): Promise<number> {
  // Fail early and clearly when there is no sign-in at all; later failures are answered per request.
  if (!connection.stored()?.session)
    io.err(`pacewise mcp: not signed in to ${connection.server} yet; run \`${loginCommand(connection.server)}\` in a terminal.`);
  await runBridge(connection, io);
  return 0;
}
