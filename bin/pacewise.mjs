#!/usr/bin/env node
// `pacewise`: the Pacewise command-line client and stdio MCP bridge (code in lib/cli/).
import { main } from '../lib/cli/index.mjs';

// A reader that stops early (`pacewise tools | head`) is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await main(process.argv.slice(2));
