// A subscribed person and their agent over raw JSON-RPC, for the fuzzers and `npm run bench`/`stress`:
// sign-up form, OAuth device flow with approval, test-mode checkout (each step from harness/).
import { newPerson, signUp, type TestPerson } from './accounts';
import { callToolRequest, rpc } from './mcp';
import { obtainAccessToken } from './oauth';
import { activateSubscription } from './subscription';

export const PROTOCOL = '2025-11-25';

export type Connected = { person: TestPerson; accessToken: string; refreshToken: string; clientId: string };

export type ToolReply = { status: number; isError: boolean; body: Record<string, unknown>; raw: string };

/** One tools/call over raw JSON-RPC: the HTTP status, whether the tool failed, and its result object. */
export async function callTool(baseUrl: string, token: string, name: string, args: unknown = {}): Promise<ToolReply> {
  const reply = await rpc(
    baseUrl,
    { ...callToolRequest(name), params: { name, arguments: args } },
    { token, headers: { 'mcp-protocol-version': PROTOCOL } },
  );
  const json = reply.json as
    | { result?: { isError?: boolean; structuredContent?: Record<string, unknown>; content?: { text?: string }[] }; error?: unknown }
    | undefined;
  const result = json?.result;
  let body: Record<string, unknown> = {};
  if (result) {
    try {
      body = result.structuredContent ?? (JSON.parse(result.content?.[0]?.text ?? '{}') as Record<string, unknown>);
    } catch {
      body = { text: result.content?.[0]?.text };
    }
  } else if (json?.error) body = { rpcError: json.error };
  return { status: reply.status, isError: !result || Boolean(result.isError), body, raw: reply.raw };
}

/** Calls a tool that must succeed; returns its structured result. */
export async function tool<T = Record<string, unknown>>(
  baseUrl: string,
  token: string,
  name: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const r = await callTool(baseUrl, token, name, args);
  if (r.status !== 200 || r.isError) throw new Error(`${name} failed (${r.status}): ${r.raw.slice(0, 400)}`);
  return r.body as T;
}

/** A new person with an active subscription and a UTC profile, connected through the device flow. */
export async function subscribedPerson(baseUrl: string, label: string): Promise<Connected> {
  const person = newPerson(label);
  // The browser sign-up leaves signed in approves the device and confirms the checkout (no second sign-in).
  const session = await signUp(baseUrl, person);
  const tokens = await obtainAccessToken(baseUrl, { ...person, clientName: `Agent ${label}`, session });
  await activateSubscription(baseUrl, { ...person, accessToken: tokens.accessToken, session });
  await tool(baseUrl, tokens.accessToken, 'update_profile', {
    timezone: 'UTC',
    experience: 'novice',
    units: { weight: 'kg', distance: 'km' },
  });
  return { person, ...tokens };
}

/** Another agent (its own client registration and token family) for a person who already exists. */
export async function connectAgent(baseUrl: string, person: TestPerson, label: string): Promise<Connected> {
  const tokens = await obtainAccessToken(baseUrl, { ...person, clientName: `Agent ${label}` });
  return { person, ...tokens };
}
