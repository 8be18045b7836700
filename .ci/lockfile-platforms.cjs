// The registry these machines reach lacks some native packages' other-platform binaries (rollup's,
// oxc-parser's), so npm cannot write their lock entries and `npm ci` then refuses the lockfile.
// Entries with os/cpu are never fetched on a platform they do not match, so listing them is enough.
// Run from the repository root after any `npm install` (it only adds what is missing).
const fs = require('node:fs');

const file = process.argv[2] || 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const PLATFORM_PACKAGE =
  /^@[^/]+\/(?:rollup|binding)-([a-z0-9]+)-([a-z0-9]+)(?:-(gnu|musl|gnueabihf|musleabihf|msvc|eabi))?$/;
let added = 0;
for (const [path, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies || {})) {
    const m = name.match(PLATFORM_PACKAGE);
    if (!m || lock.packages[`node_modules/${name}`]) continue;
    const [, os, cpu, abi] = m;
    const entry = { version, cpu: [cpu], dev: pkg.dev === true, license: 'MIT', optional: true, os: [os] };
    if (!entry.dev) delete entry.dev;
    if (abi && /gnu/.test(abi) && os === 'linux') entry.libc = ['glibc'];
    if (abi && /musl/.test(abi)) entry.libc = ['musl'];
    lock.packages[`node_modules/${name}`] = entry;
    added++;
    if (path === '') throw new Error(`${name} is a direct optional dependency: list it by hand`);
  }
}
// `npm install` afterwards puts the entries in its own order.
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile-platforms: ${added} entries added`);
