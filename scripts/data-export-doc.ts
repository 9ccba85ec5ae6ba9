// Writes docs/data-export.md from the export's zod schema (lib/account/export-doc.ts).
import fs from 'node:fs';
import { exportFormatMarkdown } from '@/lib/account/export-doc';

fs.writeFileSync(new URL('../docs/data-export.md', import.meta.url), exportFormatMarkdown());
console.log('docs/data-export.md written');
