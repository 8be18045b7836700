// The registry these machines reach lacks rollup's other-platform binaries, so npm cannot write
// their lock entries and `npm ci` then refuses the lockfile. Entries with os/cpu are never fetched
// on a platform they do not match, so listing them is enough.
const fs = require('fs');
const file = process.argv[2] || 'package-lock.json'; // run from the repository root after an npm install that touched rollup
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const rollup = lock.packages['node_modules/rollup'];
for (const [name, version] of Object.entries(rollup.optionalDependencies || {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const m = name.match(/^@rollup\/rollup-([a-z0-9]+)-([a-z0-9]+)(?:-(gnu|musl|gnueabihf|musleabihf|msvc|eabi))?$/);
  if (!m) throw new Error(name);
  const [, os, cpu, abi] = m;
  const entry = { version, cpu: [cpu], dev: true, license: 'MIT', optional: true, os: [os] };
  if (abi && /gnu/.test(abi) && os === 'linux') entry.libc = ['glibc'];
  if (abi && /musl/.test(abi)) entry.libc = ['musl'];
  lock.packages[key] = entry;
}
// `npm install` afterwards puts the entries in its own order.
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
