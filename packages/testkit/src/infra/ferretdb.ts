import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findExecutable, run, tail } from './exec';
import type { LocalContext } from './local-servers';
import { withLock } from './lock';
import { pingMongo } from './probes';
import { StopWaiting, errorMessage, portOpen, sleep, waitUntil } from './wait';

interface FerretContext extends LocalContext {
  repoRoot: string;
  port: number;
}

/**
 * FerretDB (MongoDB wire protocol on SQLite) on 127.0.0.1:port, for machines with neither a
 * MongoDB binary nor a Docker engine. Builds `infra/ferretdb`, with infra/ferretdb/patches.json
 * applied, once per source hash, starts it detached so it outlives this process, and waits for
 * a `ping`. A FerretDB this helper started from other sources (patches.json changed since) is
 * replaced: the new binary is built while the old one still serves, then the old one is stopped
 * and the new one started on the same port and data (its clients reconnect).
 */
export async function ensureFerretDb(ctx: FerretContext): Promise<string> {
  const url = `mongodb://127.0.0.1:${ctx.port}`;
  const srcDir = path.join(ctx.repoRoot, 'infra', 'ferretdb');
  if ((await answersPing(url, ctx.port)) && ourFerretDb(ctx)?.port === ctx.port && !outdatedBuild(ctx, srcDir))
    return url;
  await withLock(
    path.join(ctx.stateDir, 'ferretdb.lock'),
    async () => {
      const ours = ourFerretDb(ctx);
      if (ours && ours.port !== ctx.port) {
        // This checkout's data must never have two servers: the one on the old port goes.
        ctx.log(`stopping this checkout's FerretDB on 127.0.0.1:${ours.port} (FerretDB now runs on ${ctx.port})`);
        await stopFerretDb(ours.pid, ours.port);
      }
      if (await answersPing(url, ctx.port)) {
        if (!ourFerretDb(ctx)) {
          ctx.log(
            `127.0.0.1:${ctx.port} answers as a MongoDB server that this checkout did not start (its data is not ` +
              `in ${path.join(ctx.stateDir, 'ferretdb')}); using it. ` +
              'Set FERRETDB_PORT to a free port for a server of its own.',
          );
          return;
        }
        const outdated = outdatedBuild(ctx, srcDir); // another process may have replaced it meanwhile
        if (!outdated) return;
        const binary = await buildFerretDb({ srcDir, stateDir: ctx.stateDir, log: ctx.log });
        ctx.log(
          `FerretDB on 127.0.0.1:${ctx.port} runs ${path.basename(outdated.binary)}, built before the last change ` +
            `to infra/ferretdb; replacing it with ${path.basename(binary)} (same data; clients reconnect)`,
        );
        await stopFerretDb(outdated.pid, ctx.port);
        await start(binary, url, ctx);
        return;
      }
      if (await portOpen(ctx.port)) {
        // Something listens but does not answer yet: give it a moment before blaming it.
        await waitUntil(`the server on 127.0.0.1:${ctx.port}`, () => pingMongo(url), { timeoutMs: 15_000 }).catch(
          (err) => {
            throw new Error(
              `127.0.0.1:${ctx.port} accepts connections but does not answer a MongoDB ping (${errorMessage(err)}). ` +
                'Stop what listens there, or set FERRETDB_PORT to a free port.',
            );
          },
        );
        return;
      }
      const binary = await buildFerretDb({ srcDir, stateDir: ctx.stateDir, log: ctx.log });
      await start(binary, url, ctx);
    },
    { log: ctx.log },
  );
  return url;
}

/**
 * The checkout's own FerretDB port: 37017 plus a number from its folder's path, so two
 * clones on one machine each run their own server on their own data (issue #30: a second
 * clone used the first one's binary and data without a word). `FERRETDB_PORT` overrides it.
 */
export function checkoutFerretDbPort(repoRoot: string): number {
  const digest = crypto.createHash('sha256').update(fs.realpathSync(repoRoot)).digest();
  return 37017 + (digest.readUInt32BE(0) % 1000);
}

/** The FerretDB this checkout started (pid file), while it runs: its pid, binary and port. */
function ourFerretDb(ctx: FerretContext): { pid: number; binary: string; port: number } | undefined {
  const pid = localFerretDbPid(ctx.stateDir);
  if (pid === undefined) return undefined;
  let args: string;
  try {
    args = execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  } catch {
    return undefined; // not running
  }
  const [binary, ...rest] = args.split(/\s+/);
  if (!binary?.startsWith(path.join(ctx.stateDir, 'bin', 'ferretdb-'))) return undefined;
  const listen = rest[rest.indexOf('-listen') + 1]?.match(/^127\.0\.0\.1:(\d+)$/);
  return listen ? { pid, binary, port: Number(listen[1]) } : undefined;
}

async function answersPing(url: string, port: number): Promise<boolean> {
  if (!(await portOpen(port))) return false;
  return pingMongo(url).then(
    () => true,
    () => false,
  );
}

/**
 * This checkout's FerretDB on this port, when it runs a binary built from other sources than
 * `srcDir` holds now; undefined when it is current, gone, or not ours.
 */
function outdatedBuild(ctx: FerretContext, srcDir: string): { pid: number; binary: string } | undefined {
  const ours = ourFerretDb(ctx);
  if (!ours || ours.port !== ctx.port) return undefined;
  return ours.binary === ferretDbBinaryPath(srcDir, ctx.stateDir) ? undefined : ours;
}

/** Stops a FerretDB we started (SIGTERM, then SIGKILL after 15 s) and waits for its port to close. */
export async function stopFerretDb(pid: number, port: number): Promise<void> {
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
    `127.0.0.1:${port} to close`,
    async () => {
      if (alive() || (await portOpen(port))) throw new Error('still open');
    },
    { timeoutMs: 10_000, intervalMs: 100 },
  );
}

interface Patches {
  module: string;
  patches: { file: string; find: string; replace: string; count: number }[];
  /** Whole files added to the module: `file` in the module, `from` in infra/ferretdb. */
  files?: { file: string; from: string }[];
}

const readPatches = (srcDir: string) =>
  JSON.parse(fs.readFileSync(path.join(srcDir, 'patches.json'), 'utf8')) as Patches;

/** `<state>/bin/ferretdb-<hash of the sources>`: main.go, go.mod, go.sum, patches.json and the files it adds. */
export function ferretDbBinaryPath(srcDir: string, stateDir: string): string {
  const hash = crypto.createHash('sha256');
  const files = ['main.go', 'go.mod', 'go.sum', 'patches.json'];
  for (const file of files) {
    const full = path.join(srcDir, file);
    if (!fs.existsSync(full)) throw new Error(`${full} is missing: the FerretDB wrapper sources are incomplete`);
    hash.update(`${file}\0`).update(fs.readFileSync(full)).update('\0');
  }
  for (const { from } of readPatches(srcDir).files ?? []) {
    hash
      .update(`${from}\0`)
      .update(fs.readFileSync(path.join(srcDir, from)))
      .update('\0');
  }
  return path.join(stateDir, 'bin', `ferretdb-${hash.digest('hex').slice(0, 12)}`);
}

/**
 * Builds FerretDB from `srcDir` (infra/ferretdb, or a copy of it from another commit) into
 * `<stateDir>/bin/ferretdb-<hash>` unless that binary exists, and returns its path.
 */
export async function buildFerretDb(opts: { srcDir: string; stateDir: string; log: (line: string) => void }) {
  const { srcDir, stateDir, log } = opts;
  const binary = ferretDbBinaryPath(srcDir, stateDir);
  if (fs.existsSync(binary)) return binary;
  const binDir = path.dirname(binary);
  fs.mkdirSync(binDir, { recursive: true });
  return withLock(`${binary}.lock`, async () => {
    if (fs.existsSync(binary)) return binary; // another process built it meanwhile
    const go = findExecutable('go', ['/usr/local/go/bin', path.join(os.homedir(), 'go', 'bin')]);
    if (!go) {
      throw new Error(
        'FerretDB is needed (no Docker engine, no MONGO_URL) but Go is not installed: install Go >= 1.24 ' +
          '(https://go.dev/dl, e.g. into /usr/local/go), or set MONGO_URL, AMQP_URL and REDIS_URL to servers you run.',
      );
    }
    // We hold the lock, so any leftover temp file of this binary is from a build that was killed.
    for (const name of fs.readdirSync(binDir)) {
      if (name.startsWith(`${path.basename(binary)}.tmp-`)) fs.rmSync(path.join(binDir, name), { force: true });
    }
    const tmp = `${binary}.tmp-${process.pid}`;
    const env: NodeJS.ProcessEnv = { ...process.env, CGO_ENABLED: '0' };
    if (!env.HOME && !env.GOCACHE) {
      env.GOCACHE = path.join(stateDir, 'go-cache');
      env.GOPATH = path.join(stateDir, 'go');
    }
    const from = path.relative(process.cwd(), srcDir) || '.';
    log(`building FerretDB from ${from} with ${go} (once per change of its sources; a minute or two)`);
    const started = Date.now();
    const workDir = path.join(stateDir, 'ferretdb-patched', path.basename(binary));
    const patched = await patchedModuleArgs(go, srcDir, workDir, env);
    const result = await run(go, ['build', ...patched, '-o', tmp, '.'], { cwd: srcDir, env, timeoutMs: 15 * 60_000 });
    if (result.code !== 0 || !fs.existsSync(tmp)) {
      fs.rmSync(tmp, { force: true });
      throw new Error(
        `Building FerretDB failed (go build exit ${result.code}); the Go module proxy must be reachable ` +
          `(GOPROXY=${env.GOPROXY ?? 'default'}):\n${tail(result.output)}`,
      );
    }
    fs.renameSync(tmp, binary); // atomic: a killed build never leaves a half-written binary
    makeWritable(workDir);
    fs.rmSync(workDir, { recursive: true, force: true });
    log(`built ${path.relative(process.cwd(), binary)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return binary;
  });
}

/**
 * Applies infra/ferretdb/patches.json to a copy of the FerretDB module (downloaded through
 * the proxy as usual) and returns `go build` arguments that use the copy: a go.mod beside it
 * with a `replace`, passed as -modfile, so infra/ferretdb itself is never edited. (Go refuses
 * -overlay for files in the module cache.) An edit that no longer matches, or a file to add
 * that the module already has, stops the build rather than being skipped.
 */
async function patchedModuleArgs(
  go: string,
  srcDir: string,
  workDir: string,
  env: NodeJS.ProcessEnv,
): Promise<string[]> {
  const spec = readPatches(srcDir);
  const download = await run(go, ['mod', 'download', '-json', spec.module], {
    cwd: srcDir,
    env,
    timeoutMs: 10 * 60_000,
  });
  const moduleDir = download.code === 0 ? /"Dir":\s*"([^"]+)"/.exec(download.output)?.[1] : undefined;
  if (!moduleDir)
    throw new Error(`go mod download ${spec.module} failed (exit ${download.code}):\n${tail(download.output)}`);

  const copy = path.join(workDir, 'module');
  if (fs.existsSync(workDir)) makeWritable(workDir);
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.cpSync(moduleDir, copy, { recursive: true });
  makeWritable(copy); // the module cache is read-only, and so is a plain copy of it
  for (const add of spec.files ?? []) {
    const target = path.join(copy, add.file);
    if (fs.existsSync(target)) {
      throw new Error(`infra/ferretdb/patches.json: ${add.file} already exists in ${spec.module}; files only add`);
    }
    fs.copyFileSync(path.join(srcDir, add.from), target);
  }
  for (const patch of spec.patches) {
    const file = path.join(copy, patch.file);
    const source = fs.readFileSync(file, 'utf8');
    const found = source.split(patch.find).length - 1;
    if (found !== patch.count) {
      throw new Error(
        `infra/ferretdb/patches.json: expected ${patch.count} of ${JSON.stringify(patch.find)} ` +
          `in ${patch.file}, found ${found}`,
      );
    }
    fs.writeFileSync(file, source.split(patch.find).join(patch.replace));
  }
  const modfile = path.join(workDir, 'go.mod');
  const goMod = fs.readFileSync(path.join(srcDir, 'go.mod'), 'utf8');
  fs.writeFileSync(modfile, `${goMod}\nreplace ${spec.module} => ${copy}\n`);
  fs.copyFileSync(path.join(srcDir, 'go.sum'), path.join(workDir, 'go.sum'));
  return ['-modfile', modfile];
}

function makeWritable(dir: string): void {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) makeWritable(full);
    else fs.chmodSync(full, 0o644);
  }
}

/** A SQLite page: a database file no bigger than this, with no WAL beside it, holds no tables. */
const SQLITE_PAGE = 4096;

/**
 * FerretDB refuses to start while any database file in its directory lacks its metadata
 * table, and a FerretDB that died mid-write (we saw a SIGBUS in SQLite's WAL code while a
 * database was dropped) can leave exactly that: an empty database file, or a WAL whose
 * database is gone. Such files hold no data FerretDB could read; they are moved aside
 * (never deleted) so the server starts, and the move is logged.
 */
export function quarantineUnreadable(dataDir: string, log: (line: string) => void): string[] {
  const names = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
  const present = new Set(names);
  const unreadable = names.filter((name) => {
    const sidecar = /^(.*\.sqlite)-(wal|shm)$/.exec(name);
    if (sidecar) return !present.has(sidecar[1]!);
    if (!name.endsWith('.sqlite')) return false;
    return fs.statSync(path.join(dataDir, name)).size <= SQLITE_PAGE && !present.has(`${name}-wal`);
  });
  if (unreadable.length === 0) return [];
  const aside = path.join(path.dirname(dataDir), 'ferretdb-quarantine', new Date().toISOString().replace(/[:.]/g, '-'));
  fs.mkdirSync(aside, { recursive: true });
  for (const name of unreadable) fs.renameSync(path.join(dataDir, name), path.join(aside, name));
  log(`moved ${unreadable.length} unreadable FerretDB file(s) to ${aside}: ${unreadable.join(', ')}`);
  return unreadable;
}

const PID_FILE = 'ferretdb.pid';

/** The pid of the FerretDB the infra helper last started from this state folder, if any. */
export function localFerretDbPid(stateDir: string): number | undefined {
  const file = path.join(stateDir, PID_FILE);
  if (!fs.existsSync(file)) return undefined;
  const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
  return Number.isNaN(pid) ? undefined : pid;
}

/** Starts FerretDB detached (it outlives us), records its pid and waits for a ping. */
async function start(binary: string, url: string, ctx: FerretContext): Promise<void> {
  const pid = await launchFerretDb({
    binary,
    port: ctx.port,
    dataDir: path.join(ctx.stateDir, 'ferretdb'),
    logFile: path.join(ctx.stateDir, 'ferretdb.log'),
    cwd: ctx.repoRoot,
    log: ctx.log,
    onPid: (pid) => fs.writeFileSync(path.join(ctx.stateDir, PID_FILE), `${pid}\n`),
  });
  if (pid === undefined) throw new Error(`FerretDB on ${url} did not start`);
}

/**
 * Starts a FerretDB binary detached on 127.0.0.1:port with its data in `dataDir` (files a
 * crash left unreadable moved aside first), appends its output to `logFile`, and waits for a
 * ping. Returns its pid.
 */
export async function launchFerretDb(opts: {
  binary: string;
  port: number;
  dataDir: string;
  logFile: string;
  cwd: string;
  log: (line: string) => void;
  onPid?: (pid: number) => void;
}): Promise<number | undefined> {
  const { binary, port, dataDir, logFile, log } = opts;
  const url = `mongodb://127.0.0.1:${port}`;
  fs.mkdirSync(dataDir, { recursive: true });
  quarantineUnreadable(dataDir, log);
  const fd = fs.openSync(logFile, 'a');
  log(`starting FerretDB on 127.0.0.1:${port} (data ${dataDir}, log ${logFile})`);
  const child = spawn(binary, ['-listen', `127.0.0.1:${port}`, '-data', dataDir], {
    detached: true,
    stdio: ['ignore', fd, fd],
    cwd: opts.cwd,
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
      `FerretDB on 127.0.0.1:${port}`,
      async () => {
        if (exited) {
          const output = fs.existsSync(logFile) ? tail(fs.readFileSync(logFile, 'utf8')) : '';
          throw new StopWaiting(`FerretDB exited at start (${exited}); last lines of ${logFile}:\n${output}`);
        }
        await pingMongo(url, 1000);
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
  } finally {
    child.removeListener('exit', onExit);
  }
  return child.pid;
}
