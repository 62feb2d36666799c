// Makes `npm start` / `npm test` work on a machine with only Node: installs pnpm and
// the workspace's dependencies when they are missing or stale. Silent when there is
// nothing to do (so `npm run -s routes` prints only routes); progress goes to stderr.
import { execSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => process.stderr.write(`[bootstrap] ${line}\n`);
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) {
    say(`failed: ${cmd} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
};

const pnpmVersion = () => {
  try {
    return execSync('pnpm --version', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
};

const wanted = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
if (!pnpmVersion()?.startsWith(wanted.split('.')[0] + '.')) {
  say(`installing pnpm ${wanted}`);
  run('npm', ['install', '--global', '--no-fund', '--no-audit', `pnpm@${wanted}`]);
}

// Reinstall when the lockfile changed since the last install.
const stamp = join(root, 'node_modules', '.stockyard-install-stamp');
const lock = join(root, 'pnpm-lock.yaml');
const lockHash = createHash('sha256').update(readFileSync(lock)).digest('hex');
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== lockHash) {
  say('installing dependencies');
  run('pnpm', ['install', '--frozen-lockfile', '--reporter=append-only']);
  writeFileSync(stamp, lockHash);
}
