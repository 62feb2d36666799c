/**
 * The servers a benchmark's stack runs on: the checkout's (`npm run infra`), or a FerretDB of the run's
 * own. bench:flows starts one: FerretDB's CPU is read from its process, and the checkout's serves other
 * work beside a benchmark (one run here saw it spend 320 ms of CPU a second with none of the run's work
 * going), which each operation's figure would take in. Its own also keeps the store floor's bulk writes
 * off the shared server.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  buildFerretDb,
  ensureInfra,
  ferretDbPid,
  freePort,
  infraVariables,
  launchFerretDb,
  REPO_ROOT,
  STATE_DIR,
  stopFerretDb,
} from '@stockyard/testkit';
import { alsoOnInterrupt } from './interrupt';

interface Store {
  mongoUrl: string;
  pid: number | undefined;
}

let own: Store | undefined;

/** The local servers, MONGO_URL pointing at the run's own FerretDB if it has one; its pid for CPU readings. */
export async function benchServers(run: string) {
  const infra = await ensureInfra();
  const store = own ?? { mongoUrl: infra.mongoUrl, pid: infra.mode === 'local' ? ferretDbPid() : undefined };
  const servers = { ...infra, mongoUrl: store.mongoUrl };
  Object.assign(process.env, infraVariables(servers), { STOCKYARD_TEST_RUN: run });
  return { infra: servers, ferretdb: store.pid };
}

/**
 * Starts a FerretDB of the checkout's build on a free port and an empty folder under STATE_DIR/`run`
 * (bench:flows', unless named); later benchmarks use it.
 */
export async function startOwnFerretDb(
  log: (line: string) => void,
  run = 'bench-flows',
): Promise<Store & { stop(): Promise<void> }> {
  const binary = await buildFerretDb({ srcDir: path.join(REPO_ROOT, 'infra', 'ferretdb'), stateDir: STATE_DIR, log });
  const port = await freePort();
  const folder = path.join(STATE_DIR, run);
  const dataDir = path.join(folder, `data-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const logFile = path.join(folder, `ferretdb-${port}.log`);
  const pid = await launchFerretDb({ binary, port, dataDir, logFile, cwd: REPO_ROOT, log });
  if (pid === undefined) throw new Error(`${run}: its own FerretDB did not start`);
  own = { mongoUrl: `mongodb://127.0.0.1:${port}`, pid };
  const stop = async () => {
    own = undefined;
    await stopFerretDb(pid, port);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(logFile, { force: true });
  };
  alsoOnInterrupt(stop);
  return { ...own, stop };
}
