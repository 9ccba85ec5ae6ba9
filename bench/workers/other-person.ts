// A subscribed person made by another checkout's own test harness (bench --against): how sign-up and
// checkout go changes between commits, so each app is driven by its own harness. Runs in that
// checkout (its folder and bench tsconfig, so its `@/` is its own); reads {"baseUrl"} on stdin and
// prints {"accessToken"}.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type People = { subscribedPerson: (baseUrl: string, label: string) => Promise<{ accessToken: string }> };

const { baseUrl } = JSON.parse(fs.readFileSync(0, 'utf8')) as { baseUrl: string };
const people = (await import(pathToFileURL(path.join(process.cwd(), 'harness', 'people.ts')).href)) as People;
const me = await people.subscribedPerson(baseUrl, 'bench-mcp');
console.log(JSON.stringify({ accessToken: me.accessToken }));
process.exit(0);
