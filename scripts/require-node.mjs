// Imported first by every script (plain JavaScript, so an old Node reaches this line): Pacewise runs
// on Node 24 LTS (Vercel's nodejs24.x; the scripts import lib/ TypeScript through Node's own type
// stripping). An older Node stops here with the way to get 24 instead of failing somewhere later.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `pacewise: Node ${process.version} is too old; Pacewise needs Node 24 LTS. Install it (nvm install 24), or without a ` +
      `version manager: npm install --prefix ~/.cache/node24 node@24 && export PATH=~/.cache/node24/node_modules/.bin:$PATH`,
  );
  process.exit(1);
}
