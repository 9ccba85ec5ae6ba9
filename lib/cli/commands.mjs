// The `pacewise` commands. Each returns its exit code; failures the person can fix are CliErrors.
import { CliError, SignInRequired } from './errors.mjs';
import { connectTools, resultData } from './mcp-client.mjs';
import { printAccount, printData, printTools, showDevicePrompt } from './output.mjs';
import { loginCommand, runBridge } from './bridge.mjs';

/** @typedef {import('./output.mjs').Io} Io */
/** @typedef {import('./session.mjs').Connection} Connection */

/** @param {Connection} connection */
function storageOf(connection) {
  const session = connection.stored()?.session;
  return session ? connection.store.describe(session) : undefined;
}

/** @param {Awaited<ReturnType<typeof connectTools>>} mcp */
async function account(mcp) {
  const result = resultData(/** @type {never} */ (await mcp.client.callTool({ name: 'get_account', arguments: {} })));
  if (result.isError) throw new CliError(`get_account failed: ${JSON.stringify(result.data)}`);
  return /** @type {import('./output.mjs').Account} */ (result.data);
}

/**
 * Runs `fn` with a connected MCP client. When the server has ended the sign-in (invalid_grant and
 * the like), a new device sign-in starts at once (with the same scopes), then `fn` runs again.
 * @template T
 * @param {Connection} connection @param {Io} io
 * @param {(mcp: Awaited<ReturnType<typeof connectTools>>) => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function withTools(connection, io, fn) {
  for (let attempt = 1; ; attempt++) {
    let mcp;
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

/** @param {Connection} connection @param {{ scope?: string }} options @param {Io} io */
export async function login(connection, { scope }, io) {
  io.err(`Signing in to ${connection.server}`);
  const session = await connection.login({ scope, show: (p) => showDevicePrompt(p, io) });
  const acct = await withTools(connection, io, account);
  printAccount(acct, connection.server, session ? connection.store.describe(session) : undefined, io);
  return 0;
}

/** @param {Connection} connection @param {{ forget?: boolean }} options @param {Io} io */
export async function logout(connection, { forget }, io) {
  const outcome = await connection.logout({ forget });
  if (outcome === 'not-signed-in') io.out(`Not signed in to ${connection.server}; nothing to do.`);
  else if (outcome === 'revoked') io.out(`Signed out of ${connection.server}: the tokens were revoked and deleted.`);
  else io.out(`The tokens for ${connection.server} were deleted without being revoked; revoke the agent on your account page.`);
  return 0;
}

/** @param {Connection} connection @param {{ json?: boolean }} options @param {Io} io */
export async function whoami(connection, { json }, io) {
  const acct = await withTools(connection, io, account);
  if (json) io.out(JSON.stringify(acct, null, 2));
  else printAccount(acct, connection.server, storageOf(connection), io);
  return 0;
}

/** @param {Connection} connection @param {{ json?: boolean }} options @param {Io} io */
export async function tools(connection, { json }, io) {
  const list = await withTools(connection, io, async (mcp) => (await mcp.client.listTools()).tools);
  if (json) io.out(JSON.stringify(list, null, 2));
  else printTools(list, io);
  return 0;
}

/**
 * @param {Connection} connection
 * @param {{ tool: string, args: Record<string, unknown>, json?: boolean }} options
 * @param {Io} io
 */
export async function call(connection, { tool, args, json }, io) {
  const outcome = await withTools(connection, io, async (mcp) => {
    // The live list first: it says whether the tool exists and whether it only reads (repeatable).
    const list = (await mcp.client.listTools()).tools;
    if (!list.some((t) => t.name === tool)) {
      throw new CliError(`There is no tool named "${tool}" on ${connection.server}. Run \`pacewise tools\` for the list.`);
    }
    const result = resultData(/** @type {never} */ (await mcp.client.callTool({ name: tool, arguments: args })));
    /** @type {{ url: string, expiresAt: string } | undefined} */
    let checkout;
    const code = errorCode(result);
    if (code === 'subscription_inactive') {
      const link = resultData(/** @type {never} */ (await mcp.client.callTool({ name: 'get_payment_checkout_link', arguments: {} })));
      if (!link.isError) checkout = /** @type {{ url: string, expiresAt: string }} */ (link.data);
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
  const details = /** @type {{ message?: string, scope?: string }} */ (typeof result.data === 'object' && result.data ? result.data : {});
  if (code === 'insufficient_scope') {
    const granted = (connection.stored()?.session?.scope ?? '').split(' ').filter(Boolean);
    const wanted = [...new Set([...granted, ...(details.scope ? [details.scope] : [])])].sort().join(' ');
    io.err(`${tool} needs the "${details.scope ?? 'missing'}" scope, which this sign-in was not granted.`);
    io.err(`Sign in again and approve it: pacewise login --scope "${wanted}"`);
  } else if (code === 'subscription_inactive') {
    io.err(`${tool} needs an active Pacewise subscription.`);
    if (checkout) io.err(`Open this checkout link to subscribe (valid until ${checkout.expiresAt}):\n  ${checkout.url}\nThen run \`pacewise whoami\` to check that the subscription is active.`);
    else io.err("Run `pacewise call get_payment_checkout_link '{}'` for a checkout link.");
  } else if (!json) {
    io.err(`${tool} failed: ${details.message ?? (typeof result.data === 'string' ? result.data : JSON.stringify(result.data))}`);
  }
  return 1;
}

/** @param {{ isError: boolean, data: unknown }} result */
function errorCode(result) {
  if (!result.isError || !result.data || typeof result.data !== 'object') return undefined;
  const code = /** @type {{ error?: unknown }} */ (result.data).error;
  return typeof code === 'string' ? code : undefined;
}

/** @param {Connection} connection @param {Io} io */
export async function mcp(connection, io) {
  // Fail early and clearly when there is no sign-in at all; later failures are answered per request.
  if (!connection.stored()?.session) io.err(`pacewise mcp: not signed in to ${connection.server} yet; run \`${loginCommand(connection.server)}\` in a terminal.`);
  await runBridge(connection, io);
  return 0;
}
