import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  checkoutPort,
  ensureDetachedServer,
  launchDetached,
  recordedPid,
  stopDetached,
  type ServerContext,
} from './detached';
import { run, tail } from './exec';
import { binDir, buildOnce } from './go-build';
import { pingMongo } from './probes';

interface FerretContext extends ServerContext {
  port: number;
}

/**
 * FerretDB (MongoDB wire protocol on SQLite) on 127.0.0.1:port, for machines with neither a
 * MongoDB binary nor a Docker engine. Builds `infra/ferretdb`, with infra/ferretdb/patches.json
 * applied, once per source hash, starts it detached so it outlives this process, and waits for
 * a `ping`. A FerretDB this helper started from other sources (patches.json changed since) is
 * replaced: the new binary is built while the old one still serves, then the old one is stopped
 * and the new one started on the same port and data (its clients reconnect). See
 * `ensureDetachedServer` for the rest (a server that is not ours, the lock).
 */
export async function ensureFerretDb(ctx: FerretContext): Promise<string> {
  const url = `mongodb://127.0.0.1:${ctx.port}`;
  const srcDir = path.join(ctx.repoRoot, 'infra', 'ferretdb');
  const dataDir = path.join(ctx.stateDir, 'ferretdb');
  await ensureDetachedServer(ctx, {
    name: 'ferretdb',
    title: 'FerretDB',
    kind: 'a MongoDB server',
    portVariables: 'FERRETDB_PORT',
    ports: [ctx.port],
    binary: ferretDbBinaryPath(srcDir, ctx.stateDir),
    build: () => buildFerretDb({ srcDir, stateDir: ctx.stateDir, log: ctx.log }),
    args: ferretDbArgs(ctx.port, dataDir),
    probe: () => pingMongo(url, 1000),
    beforeStart: () => quarantineUnreadable(dataDir, ctx.log),
  });
  return url;
}

const ferretDbArgs = (port: number, dataDir: string) => ['-listen', `127.0.0.1:${port}`, '-data', dataDir];

/** The checkout's own FerretDB port: 27117 plus a number from its folder's path. `FERRETDB_PORT` overrides it. */
export const checkoutFerretDbPort = (repoRoot: string) => checkoutPort(repoRoot, 27117);

/** Stops a FerretDB we started (SIGTERM, then SIGKILL after 15 s) and waits for its port to close. */
export const stopFerretDb = (pid: number, port: number) => stopDetached(pid, [port]);

interface Patches {
  module: string;
  patches: { file: string; find: string; replace: string; count: number }[];
  /** Whole files added to the module: `file` in the module, `from` in infra/ferretdb. */
  files?: { file: string; from: string }[];
}

const readPatches = (srcDir: string) =>
  JSON.parse(fs.readFileSync(path.join(srcDir, 'patches.json'), 'utf8')) as Patches;

/** `<bin dir>/ferretdb-<hash of the sources>`: main.go, go.mod, go.sum, patches.json and the files it adds. */
function ferretDbBinaryPath(srcDir: string, stateDir: string): string {
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
  return path.join(binDir(stateDir), `ferretdb-${hash.digest('hex').slice(0, 12)}`);
}

/**
 * Builds FerretDB from `srcDir` (infra/ferretdb, or a copy of it from another commit) into
 * `<bin dir>/ferretdb-<hash>` unless that binary exists, and returns its path.
 */
export async function buildFerretDb(opts: { srcDir: string; stateDir: string; log: (line: string) => void }) {
  const { srcDir, stateDir, log } = opts;
  const binary = ferretDbBinaryPath(srcDir, stateDir);
  const target = { binary, title: 'FerretDB', insteadSet: 'MONGO_URL, AMQP_URL and REDIS_URL', stateDir, log };
  const from = path.relative(process.cwd(), srcDir) || '.';
  return buildOnce(target, `FerretDB from ${from}`, async (go, tmp, env) => {
    const workDir = path.join(stateDir, 'ferretdb-patched', path.basename(binary));
    const patched = await patchedModuleArgs(go, srcDir, workDir, env);
    const result = await run(go, ['build', ...patched, '-o', tmp, '.'], { cwd: srcDir, env, timeoutMs: 15 * 60_000 });
    makeWritable(workDir);
    fs.rmSync(workDir, { recursive: true, force: true });
    return result;
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

/** The pid of the FerretDB the infra helper last started from this state folder, if any. */
export const localFerretDbPid = (stateDir: string) => recordedPid(stateDir, 'ferretdb');

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
  quarantineUnreadable(opts.dataDir, opts.log);
  const url = `mongodb://127.0.0.1:${opts.port}`;
  return launchDetached({
    ...opts,
    title: `FerretDB on 127.0.0.1:${opts.port}`,
    args: ferretDbArgs(opts.port, opts.dataDir),
    probe: () => pingMongo(url, 1000),
  });
}
