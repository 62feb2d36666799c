/**
 * `node scripts/stop-servers.mjs <state dir>` against stand-ins: a process running a binary named as
 * the testkit names its builds (`<bin dir>/ferretdb-<version>`), and a recorded pid that runs
 * something else by now. Real servers are never touched: the state folder is the test's own.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const SCRIPT = path.resolve(__dirname, '..', 'scripts', 'stop-servers.mjs');
const idle = ['-e', 'setInterval(() => undefined, 1000)'];

let dir: string;
const children: ChildProcess[] = [];

/** A process idling under `program` (a link to node), with its pid written to `<name>.pid`. */
function standIn(name: string, program: string): ChildProcess {
  const link = path.join(dir, 'bin', program);
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.symlinkSync(process.execPath, link);
  const child = spawn(link, idle, { stdio: 'ignore' });
  children.push(child);
  fs.writeFileSync(path.join(dir, `${name}.pid`), `${child.pid}\n`);
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<string>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(String(child.signalCode ?? child.exitCode));
    else child.once('exit', (code, signal) => resolve(String(signal ?? code)));
  });

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stop-servers-'));
});

afterEach(async () => {
  for (const child of children.splice(0)) {
    child.kill('SIGKILL');
    await exited(child);
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('scripts/stop-servers.mjs', () => {
  it("stops a recorded server running one of our builds, and says which weren't running", async () => {
    const ferret = standIn('ferretdb', 'ferretdb-test-build');
    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, dir]);
    expect(await exited(ferret)).toBe('SIGTERM');
    expect(stdout).toContain(`FerretDB: stopped (pid ${ferret.pid})`);
    expect(stdout).toContain('versitygw (S3): not running');
    expect(stdout).toContain('Mailpit (SMTP): not running');
  });

  it('leaves a recorded pid alone when it runs another program now', async () => {
    const other = standIn('mailpit', 'not-mailpit');
    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, dir]);
    expect(stdout).toContain(`Mailpit (SMTP): pid ${other.pid}`);
    expect(stdout).toContain('not our server; left alone');
    expect([other.exitCode, other.signalCode]).toEqual([null, null]);
    expect(() => process.kill(other.pid!, 0)).not.toThrow();
  });
});
