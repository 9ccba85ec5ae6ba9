// Registers the declared tools on an MCP server; the guards run here, once, for every tool.
import type { McpServer } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { AnyTool, ToolContext } from './define-tool';
import type { SubscriptionView } from '@/lib/billing/subscriptions';
import { advertisedSchema } from './catalogue';
import { loneSurrogatePath, nulCharacterPath } from './argument-text';
import { AppError } from '@/lib/errors/app-error';
import { toolErrorResult } from './tool-error';
import { registerViews, viewUri } from './views';

export type GuardDeps = {
  /** Resolves the signed-in person behind the token (null when the account is gone). */
  findPerson: (userId: string) => Promise<{ id: string; email: string } | null>;
  hasActiveSubscription: (userId: string) => Promise<boolean>;
};

export function insufficientScope(tool: AnyTool): AppError {
  return new AppError(
    'insufficient_scope',
    `${tool.name} needs the "${tool.scope}" scope, which this connection was not granted. Reconnect Pacewise in your agent and approve "${tool.scope}" on the consent screen.`,
    { details: { scope: tool.scope } },
  );
}

export function subscriptionInactive(): AppError {
  return new AppError(
    'subscription_inactive',
    'This tool needs an active Pacewise subscription. Call get_payment_checkout_link, have the person open the link and complete checkout, then call get_account to confirm the subscription is active.',
    { details: { recovery: ['get_payment_checkout_link', 'get_account'] } },
  );
}

/** Runs one tool call with the scope and subscription guards; every failure becomes a tool error. */
export type CallAuth = {
  userId: string;
  clientId: string;
  scopes: string[];
  /** Read with the token (lib/oauth/access-tokens.ts); when absent, the guards look them up. */
  person?: { id: string; email: string } | null;
  subscription?: SubscriptionView;
};

export async function callTool(tool: AnyTool, rawArgs: unknown, auth: CallAuth, deps: GuardDeps): Promise<CallToolResult> {
  try {
    if (tool.scope && !auth.scopes.includes(tool.scope)) throw insufficientScope(tool);
    const person = auth.person !== undefined ? auth.person : await deps.findPerson(auth.userId);
    if (!person)
      throw new AppError(
        'account_not_found',
        'The account behind this token no longer exists. Sign in again to connect a current account.',
      );
    if (
      tool.needsSubscription &&
      !(auth.subscription ? auth.subscription.status === 'active' : await deps.hasActiveSubscription(person.id))
    )
      throw subscriptionInactive();
    const nul = nulCharacterPath(rawArgs);
    if (nul)
      throw new AppError(
        'invalid_argument',
        `${nul}: contains a NUL character (U+0000), which Pacewise cannot store. Remove it and call ${tool.name} again.`,
        { field: nul },
      );
    const broken = loneSurrogatePath(rawArgs);
    if (broken)
      throw new AppError(
        'invalid_argument',
        `${broken}: contains a lone surrogate (half of a UTF-16 pair, such as \\ud800), which is not text. Send the value as valid UTF-8 and call ${tool.name} again.`,
        { field: broken },
      );
    const parsed = tool.input.safeParse(rawArgs ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join('.') || '(arguments)';
      throw new AppError('invalid_argument', `${field}: ${issue.message}. See the input schema of ${tool.name} in tools/list.`, { field });
    }
    const ctx: ToolContext = {
      person,
      grantedScopes: auth.scopes,
      clientId: auth.clientId,
      ...(auth.subscription ? { subscription: auth.subscription } : {}),
    };
    const output = await tool.handler(parsed.data, ctx);
    return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output as Record<string, unknown> };
  } catch (error) {
    return toolErrorResult(error, tool.name);
  }
}

/** The advertised schemas of each tool, built once per process: the server is set up per request. */
const advertised = new Map<AnyTool, { input: ReturnType<typeof advertisedSchema>; output: ReturnType<typeof advertisedSchema> }>();
function schemasOf(tool: AnyTool) {
  let entry = advertised.get(tool);
  if (!entry) {
    entry = { input: advertisedSchema(tool.input, 'input', tool.name), output: advertisedSchema(tool.output, 'output', tool.name) };
    advertised.set(tool, entry);
  }
  return entry;
}

export function registerTools(server: McpServer, tools: readonly AnyTool[], deps: GuardDeps): void {
  registerViews(server);
  for (const tool of tools) {
    const schemas = schemasOf(tool);
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: schemas.input,
        outputSchema: schemas.output,
        // The title is the tool's own; annotations carry only the hints.
        annotations: tool.annotations,
        // What a call needs (the CLI's `pacewise tools` shows both); a 403 challenge names the scope too.
        // Every tool needs an active subscription except the two marked free (checked before checkout).
        _meta: {
          'pacewise/scope': tool.scope ?? 'any',
          ...(tool.needsSubscription ? {} : { 'pacewise/free': true }),
          ...(tool.view ? { ui: { resourceUri: viewUri(tool.view) } } : {}),
        },
      },
      async (args: unknown, ctx) => {
        const info = ctx.http?.authInfo;
        const userId = info?.extra?.userId;
        if (!info || typeof userId !== 'string') {
          return toolErrorResult(
            new AppError('unauthorized', 'Sign in first: this server needs a bearer token for a signed-in person.'),
            tool.name,
          );
        }
        const extra = info.extra as { person?: CallAuth['person']; subscription?: SubscriptionView };
        return callTool(
          tool,
          args,
          { userId, clientId: info.clientId, scopes: info.scopes, person: extra.person, subscription: extra.subscription },
          deps,
        );
      },
    );
  }
}
