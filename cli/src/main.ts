// `pacewise`: the reference agent client of the Pacewise MCP server, and the library behind it.
import { parseArgs } from 'node:util';
import * as commands from './commands.js';
import { CredentialStore } from './credentials.js';
import { CliError } from './errors.js';
import { CLI_VERSION } from './mcp-client.js';
import { processIo, type Io } from './output.js';
import { Connection, resolveServer } from './session.js';

export { Connection, resolveServer } from './session.js';
export { CredentialStore, configHome } from './credentials.js';
export { connectTools, authorizedFetch, resultData } from './mcp-client.js';
export { runBridge } from './bridge.js';
export { withLock } from './lock.js';
export * from './errors.js';

const USAGE = `Usage: pacewise <command> [options]

Commands:
  login [--scope "a b"] [--server URL]   sign in with the device flow (all eight scopes unless --scope)
  logout [--forget]                       revoke the tokens, then delete them
  whoami [--json]                         the account, granted scopes and subscription
  tools [--json]                          the live tool list (tools/list)
  call <tool> ['<json arguments>'] [--json]   call a tool; arguments default to {}
  mcp                                     stdio MCP server that forwards to the remote /mcp

Options:
  --server URL   the Pacewise server (default: $PACEWISE_SERVER, else the last one signed in to)
  --json         machine-readable output on stdout

Environment:
  PACEWISE_HOME      config folder (default ~/.config/pacewise)
  PACEWISE_SERVER    default server
  PACEWISE_STORAGE   auto (the OS keychain when there is one, else an owner-only file), keychain or file
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY   honoured for every request`;

/** Runs one command line; returns the exit code. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        server: { type: 'string' },
        scope: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        forget: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    io.err(`pacewise: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.version) {
    io.out(CLI_VERSION);
    return 0;
  }
  if (values.help || !command || command === 'help') {
    io.out(USAGE);
    return command || values.help ? 0 : 2;
  }
  try {
    const store = new CredentialStore();
    const connection = new Connection({ server: resolveServer(values.server, store), store });
    switch (command) {
      case 'login': {
        const scope = (values.scope ?? []).flatMap((s) => s.split(/[\s,]+/)).filter(Boolean);
        return await commands.login(connection, { scope: scope.length ? [...new Set(scope)].join(' ') : undefined }, io);
      }
      case 'logout':
        return await commands.logout(connection, { forget: values.forget }, io);
      case 'whoami':
        return await commands.whoami(connection, { json: values.json }, io);
      case 'tools':
        return await commands.tools(connection, { json: values.json }, io);
      case 'call': {
        const [tool, rawArgs = '{}'] = rest;
        if (!tool) throw new CliError(`Name the tool: pacewise call <tool> '<json arguments>'. \`pacewise tools\` lists them.`, 2);
        let args: unknown;
        try {
          args = JSON.parse(rawArgs);
        } catch {
          throw new CliError(`The arguments are not valid JSON: ${rawArgs}. Example: pacewise call list_workouts '{"limit": 5}'`, 2);
        }
        if (!args || typeof args !== 'object' || Array.isArray(args))
          throw new CliError("The arguments must be a JSON object, e.g. '{}'.", 2);
        return await commands.call(connection, { tool, args: args as Record<string, unknown>, json: values.json }, io);
      }
      case 'mcp':
        return await commands.mcp(connection, io);
      default:
        throw new CliError(`Unknown command "${command}".\n\n${USAGE}`, 2);
    }
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`pacewise: ${error.message}`);
      return error.exitCode;
    }
    io.err(`pacewise: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
