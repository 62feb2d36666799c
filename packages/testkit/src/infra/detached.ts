import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { tail } from './exec';
import { binDir } from './go-build';
import type { LocalContext } from './local-servers';
import { withLock } from './lock';
import { StopWaiting, errorMessage, portOpen, sleep, waitUntil } from './wait';

/**
 * A port of this checkout's own: `base` plus a number from the checkout folder's path, the same
 * number for every server of one checkout, so two clones on one machine each run their own
 * servers on their own data (issue #30: a second clone used the first one's FerretDB binary and
 * data without a word). The bases keep every such port below 32768, out of Linux's range for
 * outgoing connections (32768–60999): a port in it may be held by a client socket of the moment,
 * and the server then fails to start with "address already in use".
 */
export function checkoutPort(repoRoot: string, base: number): number {
  const digest = crypto.createHash('sha256').update(fs.realpathSync(repoRoot)).digest();
  return base + (digest.readUInt32BE(0) % 1000);
}

/** The port from `variable` when set (a port of one's own choosing), else `fallback`. */
export function portFromEnv(variable: string, fallback: number): number {
  const raw = process.env[variable];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${variable} is not a port: ${raw}`);
  return port;
}

/**
 * A server this checkout builds and runs detached (it outlives the process that started it),
 * on ports of its own, with its pid in `<state>/<name>.pid`, its output in `<state>/<name>.log`
 * and its data in `<state>/<name>/`.
 */
interface DetachedServer {
  /** `ferretdb`, `versitygw`, `mailpit`: the file names above and the binary's prefix in the bin dir (go-build.ts). */
  name: string;
  /** `FerretDB`, `versitygw (S3)`, `Mailpit (SMTP)`. */
  title: string;
  /** What answers on its ports, for messages: `a MongoDB server`. */
  kind: string;
  /** The variable(s) that move it elsewhere, for messages: `FERRETDB_PORT`. */
  portVariables: string;
  /** The ports it listens on (127.0.0.1). */
  ports: number[];
  /** The binary it must run: `<bin dir>/<name>-…`. A running one of ours with another is replaced. */
  binary: string;
  /** Builds `binary` unless it exists, and returns it. */
  build(): Promise<string>;
  /** Its arguments (the command line is compared with the running one's). */
  args: string[];
  /** Extra environment (credentials: never on the command line, where `ps` shows them). */
  env?: NodeJS.ProcessEnv;
  /** Resolves when it answers on every port as it should, throws otherwise. */
  probe(): Promise<void>;
  /** Runs before each start (FerretDB moves files a crash left unreadable aside). */
  beforeStart?(): void;
  /** How long it may take to answer after starting (default 30 s). */
  startTimeoutMs?: number;
}

export interface ServerContext extends LocalContext {
  repoRoot: string;
}

const pidFile = (stateDir: string, name: string) => path.join(stateDir, `${name}.pid`);
const address = (server: DetachedServer) => server.ports.map((p) => `127.0.0.1:${p}`).join(' and ');

/** The pid of the server `name` last started from this state folder, if any (it may have exited since). */
export function recordedPid(stateDir: string, name: string): number | undefined {
  const file = pidFile(stateDir, name);
  if (!fs.existsSync(file)) return undefined;
  const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
  return Number.isNaN(pid) ? undefined : pid;
}

/** A process's command line, arguments joined by spaces, never cut; undefined when it does not run. */
function commandLine(pid: number): string | undefined {
  try {
    if (fs.existsSync('/proc/self/cmdline')) {
      // Linux: exact. (ps cuts long lines where COLUMNS is set, unless told -ww.)
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return args.slice(0, args.at(-1) === '' ? -1 : undefined).join(' ') || undefined;
    }
    return execFileSync('ps', ['-ww', '-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** This checkout's running `name` server (its recorded pid runs one of our binaries): pid and command line. */
function ours(ctx: ServerContext, name: string): { pid: number; command: string } | undefined {
  const pid = recordedPid(ctx.stateDir, name);
  if (pid === undefined) return undefined;
  const command = commandLine(pid);
  if (command === undefined) return undefined; // not running
  // Another program may have the pid by now.
  return command.startsWith(path.join(binDir(ctx.stateDir), `${name}-`)) ? { pid, command } : undefined;
}

async function answers(server: DetachedServer): Promise<boolean> {
  if (!(await Promise.all(server.ports.map((port) => portOpen(port)))).every(Boolean)) return false;
  return server.probe().then(
    () => true,
    () => false,
  );
}

/**
 * Makes `server` answer on its ports: when this checkout's runs with the expected binary and
 * arguments, nothing to do; when it runs another build or elsewhere, the new binary is built
 * while it still serves, then it is stopped and the new one started (same data; clients
 * reconnect); when something else answers on the ports, it is used with a plain line saying so;
 * otherwise the binary is built (once) and started. Under a lock: concurrent callers (two jest
 * runs, `npm start`) start it once.
 */
export async function ensureDetachedServer(ctx: ServerContext, server: DetachedServer): Promise<void> {
  const expected = [server.binary, ...server.args].join(' ');
  if (ours(ctx, server.name)?.command === expected && (await answers(server))) return;
  await withLock(
    path.join(ctx.stateDir, `${server.name}.lock`),
    async () => {
      const running = ours(ctx, server.name);
      if (running && running.command !== expected) {
        // This checkout's data must never have two servers: the old one goes, once the new binary exists.
        await server.build();
        const short = (command: string) => command.split(`${ctx.stateDir}${path.sep}`).join('');
        ctx.log(
          `this checkout's ${server.title} runs \`${short(running.command)}\`; ` +
            `replacing it with \`${short(expected)}\` (same data; clients reconnect)`,
        );
        await stopDetached(running.pid, []);
      } else if (running) {
        if (await answers(server)) return; // another process started it meanwhile
        const what = `this checkout's ${server.title} (pid ${running.pid}, log ${ctx.stateDir}/${server.name}.log)`;
        await waitUntil(what, () => server.probe(), { timeoutMs: 15_000 });
        return;
      }
      const many = server.ports.length > 1;
      const usingForeign = () =>
        ctx.log(
          `${address(server)} ${many ? 'answer' : 'answers'} as ${server.kind} that this checkout did not start ` +
            `(its data is not in ${path.join(ctx.stateDir, server.name)}); using it. ` +
            `Set ${server.portVariables} to ${many ? 'free ports' : 'a free port'} for a server of its own.`,
        );
      if (await answers(server)) return usingForeign();
      const open = await Promise.all(server.ports.map((port) => portOpen(port)));
      if (open.some(Boolean)) {
        // Something listens but does not answer yet (a busy machine, a server starting): give it a moment
        // before blaming it; once it answers it is a server this checkout did not start, as above.
        await waitUntil(`the server on ${address(server)}`, () => server.probe(), { timeoutMs: 15_000 }).catch(
          (err) => {
            throw new Error(
              `${address(server)}: something accepts connections there but does not answer as ${server.kind} ` +
                `(${errorMessage(err)}). Stop what listens there, or set ${server.portVariables} to a free port.`,
            );
          },
        );
        return usingForeign();
      }
      const binary = await server.build();
      server.beforeStart?.();
      const pid = await launchDetached({
        ...server,
        binary,
        dataDir: path.join(ctx.stateDir, server.name),
        logFile: path.join(ctx.stateDir, `${server.name}.log`),
        cwd: ctx.repoRoot,
        log: ctx.log,
        onPid: (pid) => fs.writeFileSync(pidFile(ctx.stateDir, server.name), `${pid}\n`),
      });
      if (pid === undefined) throw new Error(`${server.title} on ${address(server)} did not start`);
    },
    { log: ctx.log },
  );
}

/**
 * Starts `binary` detached (it outlives us) with its output appended to `logFile`, and waits
 * until `probe` passes; an exit meanwhile fails at once with the log's last lines. Returns its pid.
 */
export async function launchDetached(opts: {
  title: string;
  binary: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  dataDir: string;
  logFile: string;
  cwd: string;
  log: (line: string) => void;
  probe(): Promise<void>;
  onPid?: (pid: number) => void;
  startTimeoutMs?: number;
}): Promise<number | undefined> {
  const { title, logFile } = opts;
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const fd = fs.openSync(logFile, 'a');
  opts.log(`starting ${title}: ${path.basename(opts.binary)} ${opts.args.join(' ')} (log ${logFile})`);
  const child = spawn(opts.binary, opts.args, {
    detached: true,
    stdio: ['ignore', fd, fd],
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
  });
  fs.closeSync(fd);
  let exited: string | undefined;
  const onExit = (code: number | null, signal: string | null) => {
    exited = signal ? `signal ${signal}` : `code ${code}`;
  };
  child.once('exit', onExit);
  child.once('error', (err) => {
    exited = err.message;
  });
  child.unref();
  if (child.pid) opts.onPid?.(child.pid);
  try {
    await waitUntil(
      title,
      async () => {
        if (exited) {
          const output = fs.existsSync(logFile) ? tail(fs.readFileSync(logFile, 'utf8')) : '';
          throw new StopWaiting(`${title} exited at start (${exited}); last lines of ${logFile}:\n${output}`);
        }
        await opts.probe();
      },
      { timeoutMs: opts.startTimeoutMs ?? 30_000, intervalMs: 200 },
    );
  } finally {
    child.removeListener('exit', onExit);
  }
  return child.pid;
}

/** Stops a server we started (SIGTERM, then SIGKILL after 15 s) and waits for its ports to close. */
export async function stopDetached(pid: number, ports: number[]): Promise<void> {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 15_000;
  while (alive() && Date.now() < deadline) await sleep(100);
  if (alive()) process.kill(pid, 'SIGKILL');
  await waitUntil(
    `pid ${pid} to exit${ports.length ? ` and 127.0.0.1:${ports.join(', ')} to close` : ''}`,
    async () => {
      if (alive()) throw new Error('still running');
      for (const port of ports) if (await portOpen(port)) throw new Error(`${port} still open`);
    },
    { timeoutMs: 10_000, intervalMs: 100 },
  );
}
