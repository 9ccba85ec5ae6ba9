// The portable JSON Schema subset tools/list advertises, whatever a tool's zod declaration produces.
// Hosts that map tool schemas onto a narrower dialect (Gemini-style function declarations, the
// OpenAPI 3.0 subset) refuse a tool whose schema uses boolean schemas, `type` arrays or tuple
// keywords; the MCP Inspector's `--strict` mode reports them as portability findings. Applied where
// the catalogue is produced (lib/mcp/catalogue.ts), so every tool, including new ones, complies.
// Rewrites, each an equivalent (or, for tuples, a documented loosening) of the original:
// - `type: [a, b]` (zod's nullable after compaction, a flattened union) -> `anyOf: [{type: a}, {type: b}]`;
// - a tuple (`prefixItems` + `items: false`) -> `items` over its item schemas (one, or `anyOf` when
//   they differ) with `minItems`/`maxItems` equal to its length; the order stays in the description;
// - a boolean schema where an object is expected: `true` -> `{}`, `false` -> `{not: {}}`.
//   (`additionalProperties` and its kin may stay boolean: every dialect reads them.)

type Json = Record<string, unknown>;

/** Keywords whose value is a boolean in every dialect (not a schema to rewrite). */
const BOOLEAN_VALUED = new Set(['additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems']);
/** Keywords holding one subschema. */
const ONE = new Set(['items', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', ...BOOLEAN_VALUED]);
/** Keywords holding an array of subschemas. */
const MANY = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** Keywords holding a map of name -> subschema. */
const MAP = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The schema at a subschema position, made portable. */
export function portableJsonSchema(node: unknown, keyword?: string): unknown {
  if (typeof node === 'boolean') {
    if (keyword !== undefined && BOOLEAN_VALUED.has(keyword)) return node;
    return node ? {} : { not: {} };
  }
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (ONE.has(key)) out[key] = portableJsonSchema(value, key);
    else if (MANY.has(key) && Array.isArray(value)) out[key] = value.map((v) => portableJsonSchema(v, key));
    else if (MAP.has(key) && isObject(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, portableJsonSchema(v, key)]));
    else out[key] = value;
  }
  untuple(out);
  splitTypeUnion(out);
  return out;
}

/** `prefixItems` (with `items: false`, or open) becomes a plain array of fixed length. */
function untuple(node: Json): void {
  const prefix = node.prefixItems;
  if (!Array.isArray(prefix)) return;
  delete node.prefixItems;
  const items = node.items as Json | undefined;
  const closed = isObject(items) && Object.keys(items).length === 1 && isObject(items.not) && Object.keys(items.not).length === 0;
  const rest = node.items !== undefined && !closed ? [node.items] : [];
  const variants = [...prefix, ...rest];
  const distinct = [...new Map(variants.map((v) => [JSON.stringify(v), v])).values()];
  node.items = distinct.length === 1 ? distinct[0] : { anyOf: distinct };
  node.minItems ??= prefix.length;
  if (closed) node.maxItems ??= prefix.length;
}

/** `type: ["number", "null"]` becomes `anyOf` branches of one type each. */
function splitTypeUnion(node: Json): void {
  const type = node.type;
  if (!Array.isArray(type)) return;
  delete node.type;
  const branches = type.length === 1 ? null : type.map((t) => ({ type: t }));
  if (!branches) {
    node.type = type[0];
    return;
  }
  if (Array.isArray(node.anyOf)) {
    node.allOf = [...(Array.isArray(node.allOf) ? node.allOf : []), { anyOf: node.anyOf }, { anyOf: branches }];
    delete node.anyOf;
  } else {
    node.anyOf = branches;
  }
}
