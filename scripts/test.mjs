// `npm test`: installs what is missing (bootstrap.mjs), checks formatting, then brings up the real
// servers while the type check runs (Go builds on one core, tsc on the other), then runs the whole
// jest suite; arguments go to jest (`npm test -- services/orders`). Prints each phase's time at the
// end, or appends it to STOCKYARD_PHASES_FILE when set (.ci/run prints them all).
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const phases = [];

/** Runs a command with the terminal's output; resolves when it ends, rejects unless it exits 0. */
const run = (name, cmd, args, stdout = 'inherit') =>
  new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', stdout, 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      phases.push({ name, seconds: (Date.now() - started) / 1000 });
      if (code === 0) resolve();
      else reject(new Error(`${name} failed (${signal ?? `exit ${code}`})`));
    });
  });

const report = () => {
  const lines = phases.map(({ name, seconds }) => `[phase] ${name.padEnd(12)} ${seconds.toFixed(0).padStart(5)} s`);
  // Under .ci/run the phases go to its file, which it prints with its own at the end.
  if (process.env.STOCKYARD_PHASES_FILE) appendFileSync(process.env.STOCKYARD_PHASES_FILE, `${lines.join('\n')}\n`);
  else process.stderr.write(`${lines.join('\n')}\n`);
};

const tsx = ['--import', 'tsx'];
try {
  await run('install', process.execPath, [join(root, 'scripts/bootstrap.mjs')]);
  await run('format', 'pnpm', ['run', '--silent', 'format:check']);
  await Promise.all([
    // Its stdout is the servers' variables (jest's global setup finds the same servers again).
    run('servers', process.execPath, [...tsx, join(root, 'packages/testkit/src/infra-cli.ts')], 'ignore'),
    run('typecheck', 'pnpm', ['run', '--silent', 'typecheck']),
  ]);
  await run('jest', 'pnpm', ['exec', 'jest', ...process.argv.slice(2)]);
  report();
} catch (err) {
  report();
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
