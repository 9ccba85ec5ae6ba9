// The catalogue's schemas stay inside the portable JSON Schema subset (lib/mcp/portable-schema.ts):
// the rewrites one by one, then every tool's advertised input and output schema walked node by node.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { advertisedJsonSchema } from '@/lib/mcp/catalogue';
import { portableJsonSchema } from '@/lib/mcp/portable-schema';
import { tools } from '@/lib/mcp/tools';

type Json = Record<string, unknown>;

/** Every place that breaks the portable subset, as `path: problem`. */
function unportable(node: unknown, path = '', keyword?: string): string[] {
  if (typeof node === 'boolean') {
    return keyword && ['additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems'].includes(keyword)
      ? []
      : [`${path}: boolean schema`];
  }
  if (!node || typeof node !== 'object' || Array.isArray(node)) return [];
  const n = node as Json;
  const found: string[] = [];
  if (Array.isArray(n.type)) found.push(`${path}: type array`);
  if ('prefixItems' in n) found.push(`${path}: tuple`);
  for (const [key, value] of Object.entries(n)) {
    if (['properties', 'patternProperties', '$defs'].includes(key))
      for (const [k, v] of Object.entries(value as Json)) found.push(...unportable(v, `${path}.${k}`));
    else if (['anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(key))
      (value as unknown[]).forEach((v, i) => found.push(...unportable(v, `${path}.${key}[${i}]`)));
    else if (['items', 'not', 'contains', 'additionalProperties', 'propertyNames'].includes(key))
      found.push(...unportable(value, `${path}.${key}`, key));
  }
  return found;
}

describe('portableJsonSchema', () => {
  it.each<[string, unknown, unknown]>([
    [
      'a nullable scalar becomes anyOf with null',
      { type: ['number', 'null'], description: 'kg' },
      { description: 'kg', anyOf: [{ type: 'number' }, { type: 'null' }] },
    ],
    ['a single-entry type array becomes a plain type', { type: ['string'] }, { type: 'string' }],
    [
      'a type array beside an anyOf keeps both, as allOf',
      { type: ['object', 'null'], anyOf: [{ required: ['a'] }, { required: ['b'] }] },
      { allOf: [{ anyOf: [{ required: ['a'] }, { required: ['b'] }] }, { anyOf: [{ type: 'object' }, { type: 'null' }] }] },
    ],
    [
      'a closed tuple of one item type becomes a fixed-length array',
      { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'integer' }], items: false },
      { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 },
    ],
    [
      'a closed tuple of mixed types gets anyOf items',
      { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false },
      { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] }, minItems: 2, maxItems: 2 },
    ],
    [
      'an open tuple keeps its rest schema and no maxItems',
      { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'number' } },
      { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] }, minItems: 1 },
    ],
    [
      'a forbidden property (false) becomes the object form',
      { type: 'object', properties: { gone: false, any: true } },
      { type: 'object', properties: { gone: { not: {} }, any: {} } },
    ],
    [
      'additionalProperties stays boolean',
      { type: 'object', additionalProperties: false },
      { type: 'object', additionalProperties: false },
    ],
    [
      'deep nesting is rewritten too',
      { anyOf: [{ type: 'array', items: { type: 'object', properties: { x: { type: ['integer', 'null'] } } } }] },
      { anyOf: [{ type: 'array', items: { type: 'object', properties: { x: { anyOf: [{ type: 'integer' }, { type: 'null' }] } } } }] },
    ],
    ['a bare false root', false, { not: {} }],
  ])('%s', (_name, input, expected) => {
    expect(portableJsonSchema(input)).toEqual(expected);
    expect(unportable(portableJsonSchema(input))).toEqual([]);
  });

  it('zod shapes a new tool might use come out portable on both sides', () => {
    const shapes = z.object({
      pair: z.tuple([z.number(), z.number()]),
      mixed: z.tuple([z.string(), z.number().nullable()]),
      maybe: z.string().nullable().optional(),
      nested: z.object({ inner: z.array(z.tuple([z.boolean()])).nullable() }).nullable(),
      bag: z.record(z.string(), z.number().nullable()),
      either: z.union([z.string(), z.number(), z.null()]),
    });
    const input = advertisedJsonSchema(shapes, 'input', 'new_tool');
    const output = advertisedJsonSchema(shapes, 'output', 'new_tool');
    expect(unportable(input)).toEqual([]);
    expect(unportable(output)).toEqual([]);
    expect((input.properties as Json).pair).toMatchObject({ type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 });
  });
});

describe('the whole catalogue', () => {
  it.each(tools.map((t) => [t.name, t] as const))('%s advertises portable input and output schemas', (name, tool) => {
    expect(unportable(advertisedJsonSchema(tool.input, 'input', name)), 'inputSchema').toEqual([]);
    expect(unportable(advertisedJsonSchema(tool.output, 'output', name)), 'outputSchema').toEqual([]);
  });

  it('create_workout still says what repRange is: two integers, low then high', () => {
    const tool = tools.find((t) => t.name === 'create_workout')!;
    const block = ((advertisedJsonSchema(tool.input, 'input', tool.name).properties as Json).strength as Json).items as Json;
    expect((block.properties as Json).repRange).toEqual({
      description: 'Double progression: [low, high] reps',
      type: 'array',
      items: { type: 'integer', minimum: 1, maximum: 100 },
      minItems: 2,
      maxItems: 2,
    });
  });
});
