#!/usr/bin/env node
// `npm run dev`: build the content once, then watch it (contentlayer2 dev) beside `next dev`.
// The embedded database is created, migrated and seeded by the app on its first query.
import { spawn, spawnSync } from 'node:child_process';

const first = spawnSync('npx', ['contentlayer2', 'build'], { stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [
  spawn('npx', ['contentlayer2', 'dev'], { stdio: ['ignore', 'ignore', 'inherit'] }),
  spawn('npx', ['next', 'dev', ...process.argv.slice(2)], { stdio: 'inherit' }),
];
console.log('Pacewise: http://localhost:3000 (demo sign-in: demo@pacewise.example / pacewise-demo-2026)');
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children[1].on('exit', (code) => {
  stop();
  process.exit(code ?? 0);
});
