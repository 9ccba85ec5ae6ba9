// docs/data-export.md, generated from the export's zod schema (its JSON Schema), so the document and
// the file people download cannot drift apart. `npx tsx scripts/data-export-doc.ts` writes it.
import { z } from 'zod';
import { AccountExport, EXPORT_FORMAT, EXPORT_VERSION } from './export-format';

type Json = {
  type?: string | string[];
  anyOf?: Json[];
  items?: Json;
  properties?: Record<string, Json>;
  description?: string;
  format?: string;
  pattern?: string;
  const?: unknown;
};

const isNull = (s: Json) => s.type === 'null';

/** The schema without its `null` branch (nullable fields say "or null" in the type column). */
function unwrap(s: Json): Json {
  const branches = s.anyOf?.filter((b) => !isNull(b));
  return branches?.length === 1 ? { ...branches[0], description: s.description ?? branches[0]!.description } : s;
}

function typeName(s: Json): string {
  if (Array.isArray(s.type)) return s.type.map((t) => typeName({ ...s, type: t })).join(' or ');
  if (s.anyOf) return s.anyOf.map((b) => (isNull(b) ? 'null' : typeName(b))).join(' or ');
  if (s.const !== undefined) return `\`${JSON.stringify(s.const)}\``;
  if (s.type === 'array') return `array of ${s.items ? typeName(s.items) : 'any JSON'}`;
  if (s.type === 'string' && s.format === 'date-time') return 'instant';
  if (s.type === 'string' && s.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return 'date';
  return s.type ?? 'any JSON';
}

/** One table row per field, nested objects and lists of objects flattened as `a.b` and `a[].b`. */
function rows(s: Json, prefix: string): string[] {
  const out: string[] = [];
  for (const [name, raw] of Object.entries(s.properties ?? {})) {
    const field = unwrap(raw);
    const path = `${prefix}${name}`;
    const description = (field.description ?? '').replace(/\|/g, '\\|');
    out.push(`| \`${path}\` | ${typeName(raw)} | ${description} |`);
    if (field.type === 'object') out.push(...rows(field, `${path}.`));
    const item = field.type === 'array' && field.items ? unwrap(field.items) : undefined;
    if (item?.type === 'object') out.push(...rows(item, `${path}[].`));
  }
  return out;
}

export function exportFormatMarkdown(): string {
  const schema = z.toJSONSchema(AccountExport, { unrepresentable: 'any' }) as Json;
  const header = '| Field | Type | Meaning |\n|---|---|---|';
  const top = Object.entries(schema.properties ?? {});
  const sections = top
    .filter(([, raw]) => {
      const f = unwrap(raw);
      return f.type === 'object' || (f.type === 'array' && f.items && unwrap(f.items).type === 'object');
    })
    .map(([name, raw]) => {
      const f = unwrap(raw);
      const fields = f.type === 'object' ? rows(f, '') : rows(unwrap(f.items!), '');
      return `### \`${name}\`\n\n${f.description ? `${f.description}.\n\n` : ''}${header}\n${fields.join('\n')}\n`;
    });
  return `<!-- Generated from lib/account/export-format.ts by \`npx tsx scripts/data-export-doc.ts\`; edit the schema, not this file. -->
# The data export format

"Download your data" on the account page (\`/account\`, signed in, password asked again) answers one JSON
file, \`pacewise-export-YYYY-MM-DD.json\`, holding everything Pacewise keeps about the person. It is sent
with \`Content-Disposition: attachment\` and \`Cache-Control: no-store\`. Deleting the account (\`/account/delete\`)
removes all of it. Agents can do neither: no MCP tool exports or deletes, and a bearer token does not
open these routes.

- \`format\` is always \`"${EXPORT_FORMAT}"\`; \`version\` is \`${EXPORT_VERSION}\`, raised when a field changes meaning
  or is removed (new fields may appear without a new version).
- Units: loads in kg, distances in metres, durations in seconds, whatever units
  the person sees. An *instant* is an RFC 3339 time in UTC; a *date* is \`YYYY-MM-DD\` in the person's timezone.
- Lists are oldest first. Fields marked *any JSON* are the documents the coach works with, in the
  shapes of \`lib/training/types.ts\`.
- Never in the file: the password or its hash, session cookies, OAuth access and refresh tokens or
  codes, token hashes, provider (Strava) tokens, client secrets, checkout links. The schema is strict:
  the export fails rather than send a field it does not declare.

## Top level

${header}
${top.map(([name, raw]) => `| \`${name}\` | ${typeName(raw)} | ${(unwrap(raw).description ?? '').replace(/\|/g, '\\|')} |`).join('\n')}

## Sections

${sections.join('\n')}`;
}
