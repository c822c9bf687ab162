// `npm test`: every test (unit, server integration on real PostgreSQL, browser tests in Chromium), then one summary line.
// With `--project <name>` arguments: those projects only (e.g. `--project reliability`, the slow battery).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

ensureChromium();
const report = path.join(mkdtempSync(path.join(tmpdir(), 'kite-test-')), 'report.json');
const requested = process.argv.slice(2);
// The slow reliability battery runs only when asked for (`npm run test:reliability`, `.ci/run`).
const projects = requested.some((arg) => arg.startsWith('--project')) ? [] : ['--project=!reliability'];
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...projects, ...requested];
const run = spawnSync('npx', args, { stdio: 'inherit', env: process.env });
let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests;
  failed = result.numFailedTests;
  skipped = result.numPendingTests + result.numTodoTests;
} catch {
  failed = Math.max(failed, 1);
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
