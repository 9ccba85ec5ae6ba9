// The one declaration of a tool: tools/list, the scope guard and the subscription guard all read it.
import type { z } from 'zod';
import type { ScopeName as Scope } from '@/lib/oauth/scopes';
import type { SubscriptionView } from '@/lib/billing/subscriptions';
import type { CoachingFacts } from '@/lib/profile/profiles';

/**
 * The signed-in person. `profile`: their profile facts as read with the token at the start of the
 * call (null: no profile row yet); absent when not read. A tool that writes the profile passes on
 * a person without it.
 */
export type ToolPerson = { id: string; email: string; profile?: CoachingFacts | null };

export type ToolContext = {
  person: ToolPerson;
  /** Scopes granted to the calling agent's token. */
  grantedScopes: string[];
  clientId: string;
  /** The subscription as read with the token, when it was (saves get_account a query). */
  subscription?: SubscriptionView;
};

export type ToolAnnotations = {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
};

export type ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> = {
  name: string;
  title: string;
  /** Written for an agent: what it does, units, date format, what to call next. */
  description: string;
  /** The scope a token must carry; null for the account tools every connected agent may call. */
  scope: Scope | null;
  /** False only for the tools that must work before checkout (get_account, get_payment_checkout_link). */
  needsSubscription: boolean;
  annotations: ToolAnnotations;
  /** The MCP Apps view (lib/mcp/views.ts) hosts that render apps show this tool's result in. */
  view?: 'week-plan' | 'workout' | 'progress';
  input: I;
  output: O;
  handler: (args: z.infer<I>, ctx: ToolContext) => Promise<z.infer<O>>;
};

export function defineTool<I extends z.ZodObject, O extends z.ZodType>(tool: ToolDefinition<I, O>): ToolDefinition<I, O> {
  return tool;
}

/** Erases the generic parameters so tools of different shapes share one list. */
export type AnyTool = ToolDefinition<z.ZodObject, z.ZodType>;
