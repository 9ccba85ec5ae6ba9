// What tools/list advertises, kept small: an agent host holds the whole catalogue in its context on
// every turn (124 KB, about 31k tokens, before this; under 48 KB now). The declarations
// (lib/mcp/tools/*) stay the full zod schemas that arguments and results are validated against;
// only the JSON Schemas sent to clients are compacted. What each part is for decided the cuts:
// - name, description, inputSchema and annotations are what models and hosts act on (the tool
//   formats of the Anthropic and OpenAI APIs carry name, description and the input schema): kept
//   whole, except that an argument shape two tools share is spelled out once (update_workout names
//   create_workout's block and segment objects), closed-object markers (the server refuses unknown
//   arguments with invalid_argument naming them anyway) and the `$schema` key are left out;
// - outputSchema serves clients that validate structuredContent, and results are self-describing
//   JSON with explicit units: it lists each top-level field with its type and description, and nested
//   objects and arrays by type only (no `required`, no closed objects: every field is always present,
//   null when unknown, as the server's instructions say).
// Results themselves are unchanged.
// Every advertised schema then passes through portableJsonSchema (lib/mcp/portable-schema.ts): the
// JSON Schema subset every host's function calling accepts, whatever a tool's zod declaration says.
import { z } from 'zod';
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { portableJsonSchema } from './portable-schema';
import { blockArg, segmentArg } from './tools/coaching-args';

type Json = Record<string, unknown>;

const TARGET = 'draft-2020-12';

/** Argument shapes several tools take, spelled out in one tool's inputSchema. */
const SHARED_INPUT = [
  {
    schema: blockArg,
    owner: 'create_workout',
    text: "A strength block: the same object as the items of create_workout's `strength` argument.",
  },
  { schema: segmentArg, owner: 'create_workout', text: "A run segment: the same object as the items of create_workout's `run` argument." },
];

/** Drops `$schema` and closed-object markers everywhere, and `required` lists from output schemas. */
export function compactJsonSchema(node: unknown, output: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => compactJsonSchema(n, output));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$schema') continue;
    if (key === 'additionalProperties' && value === false) continue;
    if (output && key === 'required' && Array.isArray(value)) continue;
    out[key] = compactJsonSchema(value, output);
  }
  return out;
}

/** Nested objects and arrays below the top-level fields become their type and description. */
export function topLevelOnly(schema: Json): Json {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const shallow: Record<string, Json> = {};
  for (const [name, prop] of Object.entries(properties)) shallow[name] = flatten(prop);
  return { ...schema, properties: shallow };
}

function flatten(prop: Json): Json {
  const { description } = prop;
  const variants = (prop.anyOf as Json[] | undefined) ?? [prop];
  const types = new Set<string>();
  for (const v of variants) {
    const t = v.type ?? (v.properties ? 'object' : v.items ? 'array' : undefined);
    for (const one of Array.isArray(t) ? t : [t]) if (typeof one === 'string') types.add(one);
  }
  if (!['object', 'array'].some((t) => types.has(t))) return prop;
  const type = types.size === 1 ? [...types][0] : [...types];
  return description === undefined ? { type } : { type, description };
}

let sharedInput: { key: string; owner: string; text: string }[] | undefined;
function shared() {
  sharedInput ??= SHARED_INPUT.map((s) => {
    const { description: _d, ...json } = compactJsonSchema(z.toJSONSchema(s.schema, { target: TARGET, io: 'input' }), false) as Json;
    return { key: JSON.stringify(json), owner: s.owner, text: s.text };
  });
  return sharedInput;
}

/** Replaces shared argument shapes (by exact JSON) with a reference in words, except in their owner's schema. */
export function referenceSharedShapes(node: unknown, toolName: string): unknown {
  if (Array.isArray(node)) return node.map((n) => referenceSharedShapes(n, toolName));
  if (!node || typeof node !== 'object') return node;
  const { description, ...rest } = node as Json;
  const match = shared().find((s) => s.owner !== toolName && s.key === JSON.stringify(rest));
  if (match) return { type: 'object', description: typeof description === 'string' ? `${description}. ${match.text}` : match.text };
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) out[k] = referenceSharedShapes(v, toolName);
  return out;
}

/** The JSON Schema tools/list advertises for one side of a tool. */
export function advertisedJsonSchema(schema: z.ZodType, io: 'input' | 'output', toolName: string): Json {
  const full = compactJsonSchema(z.toJSONSchema(schema, { target: TARGET, io, unrepresentable: 'any' }), io === 'output') as Json;
  return portableJsonSchema(io === 'output' ? topLevelOnly(full) : referenceSharedShapes(full, toolName)) as Json;
}

type Std = StandardSchemaWithJSON['~standard'];

/**
 * The tool's schema as the SDK sees it. Input schemas accept anything here (arguments are validated
 * in callTool after the scope and subscription guards, so a bad argument becomes a structured
 * invalid_argument naming the field); output schemas keep the declaration's own validation.
 */
export function advertisedSchema(schema: z.ZodType, io: 'input' | 'output', toolName: string): StandardSchemaWithJSON {
  const std = (schema as unknown as StandardSchemaWithJSON)['~standard'];
  let cached: Json | undefined;
  const json = () => (cached ??= advertisedJsonSchema(schema, io, toolName));
  const standard = {
    version: 1,
    vendor: 'pacewise',
    validate: io === 'input' ? (value: unknown) => ({ value }) : std.validate,
    jsonSchema: { input: json, output: json },
  } as Std;
  return { '~standard': standard } as StandardSchemaWithJSON;
}
