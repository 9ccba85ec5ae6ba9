#!/usr/bin/env node
// `pacewise`: the Pacewise command-line client and stdio MCP bridge. The code is TypeScript in
// ../src, compiled to ../dist by `npm install` (the package's prepare script) or `npm run build`.
import { main } from '../dist/main.js';

// A reader that stops early (`pacewise tools | head`) is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await main(process.argv.slice(2));
