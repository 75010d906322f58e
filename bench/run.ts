// Runs every bench script (bench/*.bench.ts) one after another and prints their figures.
// npm run bench [-- name-filter]
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const filter = process.argv[2] ?? '';
const scripts = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();
let failed = 0;
for (const f of scripts) {
  console.log(`\n## ${f}`);
  const r = spawnSync(process.execPath, [`bench/${f}`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
