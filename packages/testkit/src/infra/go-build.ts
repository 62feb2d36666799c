import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findExecutable, run, tail, type RunResult } from './exec';
import type { LocalContext } from './local-servers';
import { withLock } from './lock';

/**
 * Where the local servers' binaries are kept: one folder for the machine (`STOCKYARD_BIN_DIR`, else
 * `~/.cache/stockyard/bin`), so a fresh clone on a machine that built them once starts at once. A
 * binary's name carries its version or the hash of its sources, so checkouts at different commits
 * share it safely. Without a home folder: `<state>/bin`.
 */
export function binDir(stateDir: string): string {
  if (process.env.STOCKYARD_BIN_DIR) return path.resolve(process.env.STOCKYARD_BIN_DIR);
  const home = process.env.HOME;
  return home
    ? path.join(process.env.XDG_CACHE_HOME || path.join(home, '.cache'), 'stockyard', 'bin')
    : path.join(stateDir, 'bin');
}

/** What a local server's binary is and what to set instead of building it (for messages). */
interface GoBinary {
  /** `<bin dir>/<name>-<version or hash>`: one file per version, never rebuilt. */
  binary: string;
  /** `FerretDB`, `versitygw`, `Mailpit`. */
  title: string;
  /** The variables that name servers of one's own instead, e.g. `S3_URL, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`. */
  insteadSet: string;
  stateDir: string;
  log: (line: string) => void;
}

/**
 * Builds `binary` once with Go through the module proxy, unless it exists: under a lock (two
 * processes never build the same file), into a temporary file renamed at the end (a killed build
 * never leaves a half-written binary). `build` gets the go command, the temporary path to write
 * and the environment, and returns the Go command's result.
 */
export async function buildOnce(
  target: GoBinary,
  what: string,
  build: (go: string, tmp: string, env: NodeJS.ProcessEnv) => Promise<RunResult>,
): Promise<string> {
  const { binary, title, stateDir, log } = target;
  if (fs.existsSync(binary)) return binary;
  const binDir = path.dirname(binary);
  fs.mkdirSync(binDir, { recursive: true });
  return withLock(`${binary}.lock`, async () => {
    if (fs.existsSync(binary)) return binary; // another process built it meanwhile
    const go = findExecutable('go', ['/usr/local/go/bin', path.join(os.homedir(), 'go', 'bin')]);
    if (!go) {
      throw new Error(
        `${title} is needed (no Docker engine, nothing set) but Go is not installed: install Go >= 1.24 ` +
          `(https://go.dev/dl, e.g. into /usr/local/go), or set ${target.insteadSet} to servers you run.`,
      );
    }
    // We hold the lock, so any leftover temp file of this binary is from a build that was killed.
    for (const name of fs.readdirSync(binDir)) {
      if (name.startsWith(`${path.basename(binary)}.tmp-`))
        fs.rmSync(path.join(binDir, name), { recursive: true, force: true });
    }
    const tmp = `${binary}.tmp-${process.pid}`;
    const env: NodeJS.ProcessEnv = { ...process.env, CGO_ENABLED: '0' };
    if (!env.HOME && !env.GOCACHE) {
      env.GOCACHE = path.join(stateDir, 'go-cache');
      env.GOPATH = path.join(stateDir, 'go');
    }
    log(`building ${what} with ${go} (once; a minute or a few, cold)`);
    const started = Date.now();
    const result = await build(go, tmp, env);
    if (result.code !== 0 || !fs.existsSync(tmp)) {
      fs.rmSync(tmp, { force: true });
      throw new Error(
        `Building ${title} failed (go exit ${result.code}); the Go module proxy must be reachable ` +
          `(GOPROXY=${env.GOPROXY ?? 'default'}):\n${tail(result.output)}`,
      );
    }
    fs.renameSync(tmp, binary);
    log(`built ${path.relative(process.cwd(), binary)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return binary;
  });
}

/**
 * `go install <pkg>@<version>` into `target.binary`: a released Go program at a pinned version,
 * its dependencies as its go.mod pins them, through the module proxy.
 */
function goInstall(target: GoBinary, pkg: string, version: string): Promise<string> {
  return buildOnce(target, `${pkg}@${version}`, async (go, tmp, env) => {
    const gobin = `${tmp}.d`; // go install names the file after the package; moved to tmp below
    fs.mkdirSync(gobin, { recursive: true });
    try {
      const result = await run(go, ['install', `${pkg}@${version}`], {
        env: { ...env, GOBIN: gobin },
        cwd: target.stateDir, // outside any module, so the version in the argument is the one built
        timeoutMs: 15 * 60_000,
      });
      const built = path.join(gobin, path.basename(pkg));
      if (result.code === 0 && fs.existsSync(built)) fs.renameSync(built, tmp);
      return result;
    } finally {
      fs.rmSync(gobin, { recursive: true, force: true });
    }
  });
}

/**
 * A local server that is a released Go program: its binary `<bin dir>/<name>-<version>` and how
 * to build it (`go install <pkg>@<version>`), for `ensureDetachedServer`.
 */
export function goInstalled(ctx: LocalContext, name: string, pkg: string, version: string, insteadSet: string) {
  const binary = path.join(binDir(ctx.stateDir), `${name}-${version}`);
  const target = { binary, title: name, insteadSet, stateDir: ctx.stateDir, log: ctx.log };
  return { binary, build: () => goInstall(target, pkg, version) };
}
