// The human-readable API reference, read from the served OpenAPI document (not from the schemas
// directly), so /docs, its Markdown twin and /api/public/openapi.json always say the same thing.
import { openApiDocument, type OpenApiDocument } from './openapi';

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  pattern?: string;
};

export type FieldReference = { name: string; type: string; required: boolean; description: string };
export type SchemaReference = { name: string; description: string; fields: FieldReference[] };
export type ParameterReference = { name: string; in: string; required: boolean; type: string; description: string; values: string[] };
export type ResponseReference = { status: string; description: string; schema: string | undefined };
export type OperationReference = {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  description: string;
  parameters: ParameterReference[];
  responses: ResponseReference[];
  /** Each response's schema, then every object schema it refers to, each once. */
  schemas: SchemaReference[];
  curl: string;
};
export type TagReference = { name: string; description: string; operations: OperationReference[] };
export type ApiReference = { title: string; version: string; server: string; openapiUrl: string; tags: TagReference[] };

const refName = (ref: string) => ref.replace('#/components/schemas/', '');

function typeOf(schema: JsonSchema): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'any'}`;
  const base = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  if (schema.enum) return `${base}, one of ${schema.enum.length} values`;
  return schema.format ? `${base} (${schema.format})` : base;
}

function refsIn(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  if (schema.$ref) return [refName(schema.$ref)];
  return [...refsIn(schema.items), ...Object.values(schema.properties ?? {}).flatMap(refsIn)];
}

function schemaReference(doc: OpenApiDocument, name: string): SchemaReference {
  const schema = (doc.components?.schemas?.[name] ?? {}) as JsonSchema;
  const required = new Set(schema.required ?? []);
  return {
    name,
    description: schema.description ?? '',
    fields: Object.entries(schema.properties ?? {}).map(([field, s]) => ({
      name: field,
      type: typeOf(s),
      required: required.has(field),
      // A field that is another schema carries that schema's description.
      description:
        s.description ?? (s.$ref ? ((doc.components?.schemas?.[refName(s.$ref)] as JsonSchema | undefined)?.description ?? '') : ''),
    })),
  };
}

/** `name` and every component schema reachable from it, depth first, each once. */
function schemasFrom(doc: OpenApiDocument, name: string, seen = new Set<string>()): SchemaReference[] {
  if (seen.has(name)) return [];
  seen.add(name);
  const schema = (doc.components?.schemas?.[name] ?? {}) as JsonSchema;
  return [schemaReference(doc, name), ...refsIn({ properties: schema.properties }).flatMap((n) => schemasFrom(doc, n, seen))];
}

export function apiReference(doc: OpenApiDocument = openApiDocument()): ApiReference {
  const server = doc.servers?.[0]?.url ?? '';
  const operations: (OperationReference & { tag: string })[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const op = item.get;
    if (!op?.operationId) continue;
    const parameters: ParameterReference[] = (op.parameters ?? []).flatMap((p) => {
      if ('$ref' in p) return [];
      const schema = (p.schema ?? {}) as JsonSchema;
      return [
        {
          name: p.name,
          in: p.in,
          required: Boolean(p.required),
          type: typeOf(schema),
          description: p.description ?? schema.description ?? '',
          values: (schema.enum ?? []).map(String),
        },
      ];
    });
    const responses: ResponseReference[] = Object.entries(op.responses ?? {}).map(([status, r]) => {
      const schema = (r as { content?: Record<string, { schema?: JsonSchema }> }).content?.['application/json']?.schema;
      return {
        status,
        description: (r as { description?: string }).description ?? '',
        schema: schema?.$ref ? refName(schema.$ref) : undefined,
      };
    });
    const seen = new Set<string>();
    // The example uses a real value for each path parameter, so it can be pasted and run.
    const examplePath = parameters.reduce((p, param) => p.replace(`{${param.name}}`, param.values[0] ?? param.name), path);
    operations.push({
      tag: op.tags?.[0] ?? '',
      method: 'GET',
      path,
      operationId: op.operationId,
      summary: op.summary ?? '',
      description: op.description ?? '',
      parameters,
      responses,
      schemas: responses.flatMap((r) => (r.schema ? schemasFrom(doc, r.schema, seen) : [])),
      curl: `curl -s ${server}${examplePath}`,
    });
  }
  return {
    title: doc.info.title,
    version: doc.info.version,
    server,
    openapiUrl: `${server}/api/public/openapi.json`,
    tags: (doc.tags ?? []).map((t) => ({
      name: t.name,
      description: t.description ?? '',
      operations: operations.filter((o) => o.tag === t.name).map(({ tag: _tag, ...o }) => o),
    })),
  };
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The same reference as Markdown, for the Markdown twin of /docs. Headings start at level 2. */
export function openApiReferenceMarkdown(ref: ApiReference = apiReference()): string {
  const out: string[] = [
    '## API reference',
    '',
    `${ref.title}, version ${ref.version}. Server: ${ref.server}. OpenAPI 3.1 document: ${ref.openapiUrl}`,
    '',
  ];
  for (const tag of ref.tags) {
    out.push(`### ${tag.name}`, '', tag.description, '');
    for (const op of tag.operations) {
      out.push(`#### ${op.operationId}: ${op.summary}`, '', `\`${op.method} ${op.path}\``, '', op.description, '');
      if (op.parameters.length) {
        out.push('Parameters:', '', '| Name | In | Type | Required | Description |', '|---|---|---|---|---|');
        for (const p of op.parameters)
          out.push(`| \`${p.name}\` | ${p.in} | ${cell(p.type)} | ${p.required ? 'yes' : 'no'} | ${cell(p.description)} |`);
        out.push('');
        for (const p of op.parameters.filter((x) => x.values.length))
          out.push(`Values of \`${p.name}\`: ${p.values.map((v) => `\`${v}\``).join(', ')}.`, '');
      }
      out.push('Responses:', '');
      for (const r of op.responses) out.push(`- ${r.status}: ${r.description}${r.schema ? ` (\`${r.schema}\`, application/json)` : ''}`);
      out.push('');
      for (const s of op.schemas) {
        out.push(`\`${s.name}\`: ${s.description}`, '', '| Field | Type | Required | Description |', '|---|---|---|---|');
        for (const f of s.fields) out.push(`| \`${f.name}\` | ${cell(f.type)} | ${f.required ? 'yes' : 'no'} | ${cell(f.description)} |`);
        out.push('');
      }
      out.push('Example:', '', '```sh', op.curl, '```', '');
    }
  }
  return out.join('\n').trimEnd() + '\n';
}
