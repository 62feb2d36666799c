// `npm run infra:stop`: stops this checkout's FerretDB, versitygw and Mailpit, the servers
// `npm start`, `npm run dev`, `npm run infra` and the tests start detached and leave running for each
// other (packages/testkit/src/infra.ts). Their data stays in .stockyard/; the next of those commands
// starts them again. RabbitMQ and Redis are the machine's (one for every checkout) and are left alone.
// A recorded pid is stopped only while it runs one of our builds (`<bin dir>/<name>-<version>`): a pid
// file outlives its server, and the pid may belong to another program by now.
// An argument names another state folder (the test's).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STATE_DIR = path.resolve(process.argv[2] ?? path.join(ROOT, '.stockyard'));
const SERVERS = [
  ['ferretdb', 'FerretDB'],
  ['versitygw', 'versitygw (S3)'],
  ['mailpit', 'Mailpit (SMTP)'],
];

const say = (line) => process.stdout.write(`[stop-servers] ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The program a pid runs (its first argument), undefined when none runs (a zombie runs none). */
function programOf(pid) {
  try {
    if (fs.existsSync('/proc/self/cmdline')) {
      if (/\)\s+Z\s/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))) return undefined;
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] || undefined;
    }
    const args = execFileSync('ps', ['-ww', '-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return args.split(' ')[0] || undefined;
  } catch {
    return undefined;
  }
}

async function stop(name, title) {
  const pidFile = path.join(STATE_DIR, `${name}.pid`);
  const pid = fs.existsSync(pidFile) ? Number.parseInt(fs.readFileSync(pidFile, 'utf8'), 10) : NaN;
  const program = Number.isInteger(pid) ? programOf(pid) : undefined;
  if (program === undefined) return say(`${title}: not running`);
  if (!path.basename(program).startsWith(`${name}-`)) {
    return say(`${title}: pid ${pid} (${pidFile}) runs ${program} now, not our server; left alone`);
  }
  process.kill(pid, 'SIGTERM');
  // As the testkit stops one it replaces: 15 s to shut down cleanly, then SIGKILL.
  for (const [signal, ms] of [
    ['SIGKILL', 15_000],
    [undefined, 5_000],
  ]) {
    const deadline = Date.now() + ms;
    while (programOf(pid) !== undefined && Date.now() < deadline) await sleep(100);
    if (programOf(pid) === undefined) return say(`${title}: stopped (pid ${pid}); its data stays in ${STATE_DIR}`);
    if (signal) process.kill(pid, signal);
  }
  throw new Error(`${title} (pid ${pid}) did not exit`);
}

for (const [name, title] of SERVERS) await stop(name, title);
