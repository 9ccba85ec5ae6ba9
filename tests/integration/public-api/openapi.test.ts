// The served OpenAPI document: its shape, its agreement with the contract and with the live API, and
// Redocly's recommended lint rules.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../../harness/server';
import { ENDPOINTS, RESOURCES, type Field } from './contract-fixture';

const baseUrl = inject('baseUrl');

type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  minLength?: number;
  pattern?: string;
};
type Operation = {
  operationId: string;
  tags: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string; license?: { name: string }; contact?: { email?: string } };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

let doc: Document;
let slugs: string[];

beforeAll(async () => {
  const res = await fetch(`${baseUrl}/api/public/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json\b/);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  doc = (await res.json()) as Document;
  slugs = ((await (await fetch(`${baseUrl}/api/public/posts`)).json()) as { posts: { slug: string }[] }).posts.map((p) => p.slug);
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([method, op]) => ({ path: p, method, op })));

/** A minimal JSON Schema check for the keywords the document uses; `$ref` resolves into components. */
function check(value: unknown, schema: Schema, where = '$'): string[] {
  if (schema.$ref) return check(value, doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]!, where);
  const problems: string[] = [];
  if (schema.enum && !schema.enum.includes(value)) problems.push(`${where}: not one of the enum values`);
  switch (schema.type) {
    case 'string': {
      if (typeof value !== 'string') return [`${where}: expected string`];
      if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`${where}: shorter than ${schema.minLength}`);
      if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) problems.push(`${where}: does not match ${schema.pattern}`);
      if (schema.format === 'uri' && !URL.canParse(value)) problems.push(`${where}: not a URI`);
      if (schema.format === 'email' && !/^[^\s@]+@[^\s@]+$/.test(value)) problems.push(`${where}: not an e-mail`);
      if (schema.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) problems.push(`${where}: not a date`);
      return problems;
    }
    case 'array':
      if (!Array.isArray(value)) return [`${where}: expected array`];
      return [...problems, ...value.flatMap((v, i) => (schema.items ? check(v, schema.items, `${where}[${i}]`) : []))];
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${where}: expected object`];
      const record = value as Record<string, unknown>;
      for (const r of schema.required ?? []) if (!(r in record)) problems.push(`${where}.${r}: required`);
      for (const [k, v] of Object.entries(record)) {
        const s = schema.properties?.[k];
        if (s) problems.push(...check(v, s, `${where}.${k}`));
        else if (schema.additionalProperties === false) problems.push(`${where}.${k}: additional property`);
      }
      return problems;
    }
    default:
      return problems;
  }
}

describe('GET /api/public/openapi.json', () => {
  it('is an OpenAPI 3.1.0 document, version 1.0.0, served from SITE_URL', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Pacewise Content API');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: baseUrl })]);
    expect(doc.info.license?.name).toBeTruthy();
    expect(doc.info.contact?.email).toMatch(/@/);
  });

  it('groups the operations under the Discovery and Content tags, each described', () => {
    expect(doc.tags.map((t) => t.name)).toEqual(['Discovery', 'Content']);
    for (const t of doc.tags) expect(t.description).toBeTruthy();
  });

  it('has exactly the contract operations, each GET on its path, tagged, unauthenticated and described', () => {
    const ops = operations();
    expect(ops.map((o) => o.op.operationId).sort()).toEqual(ENDPOINTS.map((e) => e.operationId).sort());
    for (const e of ENDPOINTS) {
      const found = ops.find((o) => o.op.operationId === e.operationId)!;
      expect(found.path).toBe(e.path);
      expect(found.method).toBe('get');
      expect(found.op.tags).toEqual([e.tag]);
      expect(found.op.summary).toBeTruthy();
      expect(found.op.description).toBeTruthy();
      expect(found.op.security).toEqual([]);
      expect(found.op.responses['200']?.content?.['application/json']?.schema).toEqual({ $ref: `#/components/schemas/${e.resource}` });
    }
  });

  it('restricts the getBlogPost slug to the slugs listBlogPosts returns, and documents its 404', () => {
    const op = doc.paths['/api/public/posts/{slug}']!.get!;
    expect(op.parameters).toHaveLength(1);
    const [param] = op.parameters!;
    expect(param).toMatchObject({ name: 'slug', in: 'path', required: true, schema: { type: 'string' } });
    expect(slugs).toHaveLength(24);
    expect([...(param!.schema.enum as string[])].sort()).toEqual([...slugs].sort());
    expect(op.responses['404']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/NotFound' });
  });

  it('closes every object schema (additionalProperties: false)', () => {
    const open: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}[${i}]`));
      if (!node || typeof node !== 'object') return;
      const s = node as Schema;
      if (s.type === 'object' && s.additionalProperties !== false) open.push(where);
      for (const [k, v] of Object.entries(node)) walk(v, `${where}.${k}`);
    };
    walk(doc, '$');
    expect(open).toEqual([]);
    expect(Object.values(doc.components.schemas).filter((s) => s.type === 'object')).toHaveLength(Object.keys(RESOURCES).length);
  });

  it('describes each contract resource with exactly its fields, required ones marked', () => {
    for (const [name, fields] of Object.entries(RESOURCES) as [string, Record<string, Field>][]) {
      const schema = doc.components.schemas[name];
      expect(schema, name).toBeDefined();
      expect(Object.keys(schema!.properties ?? {}).sort(), name).toEqual(Object.keys(fields).sort());
      const required = Object.entries(fields)
        .filter(([, f]) => f.required)
        .map(([k]) => k);
      expect([...(schema!.required ?? [])].sort(), name).toEqual(required.sort());
      for (const [k, f] of Object.entries(fields)) {
        const prop = schema!.properties![k]!;
        if (f.type === 'object') expect(prop.$ref, `${name}.${k}`).toBe(`#/components/schemas/${f.resource}`);
        else expect(prop.type, `${name}.${k}`).toBe(f.type);
        if (f.type === 'string' && f.format && ['uri', 'siteUri'].includes(f.format)) expect(prop.format, `${name}.${k}`).toBe('uri');
        if (f.type === 'string' && f.format === 'email') expect(prop.format).toBe('email');
        if (f.type === 'string' && f.format === 'date') expect(prop.format).toBe('date');
      }
    }
    const propertyNames = Object.values(doc.components.schemas).flatMap((sc) => Object.keys(sc.properties ?? {}));
    expect(propertyNames.filter((k) => /price|cost|amount|currency|offer/i.test(k))).toEqual([]);
  });

  it('describes what the live API returns: every response validates against its documented schema', async () => {
    for (const { path: p, op } of operations()) {
      const urls = p.includes('{slug}') ? slugs.map((s) => p.replace('{slug}', s)) : [p];
      for (const url of urls) {
        const res = await fetch(`${baseUrl}${url}`);
        expect(res.status, url).toBe(200);
        expect(check(await res.json(), op.responses['200']!.content!['application/json']!.schema), url).toEqual([]);
      }
    }
    const missing = await fetch(`${baseUrl}/api/public/posts/not-a-post`);
    expect(missing.status).toBe(404);
    expect(check(await missing.json(), { $ref: '#/components/schemas/NotFound' })).toEqual([]);
    // The check itself can fail.
    expect(check({ error: 'x', extra: true }, { $ref: '#/components/schemas/NotFound' })).toEqual(['$.extra: additional property']);
  });

  it('passes `redocly lint` with no error and no warning', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacewise-openapi-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    try {
      const run = await promisify(execFile)(
        path.join(ROOT, 'node_modules/.bin/redocly'),
        ['lint', '--config', path.join(ROOT, 'lib/public-api/redocly.yaml'), '--format', 'json', file],
        { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      ).catch((error: { code?: number; stdout?: string; stderr?: string }) => {
        throw new Error(`redocly lint exited ${error.code}:\n${error.stdout}\n${error.stderr}`);
      });
      const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: unknown[] };
      expect(report.problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
