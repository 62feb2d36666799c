/**
 * The one place that decides where tests and local runs find MongoDB-compatible storage,
 * RabbitMQ and Redis:
 *
 * 1. `MONGO_URL`, `AMQP_URL` and `REDIS_URL` all set: use them (mode `env`), after checking they answer.
 * 2. A container runtime answers: MongoDB 7, RabbitMQ 3 and Redis 7 via testcontainers, reused
 *    across runs (mode `containers`).
 * 3. Otherwise local servers (mode `local`): Debian's rabbitmq-server and redis-server (started, or
 *    installed with apt, when missing) and FerretDB on SQLite built from `infra/ferretdb`.
 *
 * `STOCKYARD_INFRA=local` or `STOCKYARD_INFRA=containers` skips the runtime check in step 2.
 * `FERRETDB_PORT` moves the local FerretDB (default: 37017 plus a number from the checkout's path,
 * so each checkout runs its own; `checkoutFerretDbPort`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { containerRuntimeAvailable, startContainers } from './infra/containers';
import { checkoutFerretDbPort, ensureFerretDb, localFerretDbPid } from './infra/ferretdb';
import { ensureLocalRabbitMq, ensureLocalRedis } from './infra/local-servers';
import { openAmqp, pingMongo, pingRedis } from './infra/probes';
import { errorMessage, waitUntil } from './infra/wait';

export interface InfraUrls {
  mongoUrl: string;
  amqpUrl: string;
  redisUrl: string;
  mode: 'env' | 'containers' | 'local';
}

type Log = (line: string) => void;

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const STATE_DIR = path.join(REPO_ROOT, '.stockyard');

/** The local FerretDB's pid (mode `local`; benchmarks read its CPU time), if one was started here. */
export const ferretDbPid = () => localFerretDbPid(STATE_DIR);

/** Building and running FerretDB from any sources (bench:lists compares two builds). */
export { buildFerretDb, launchFerretDb, stopFerretDb } from './infra/ferretdb';

let pending: Promise<InfraUrls> | undefined;

/** Makes the three servers available and returns their URLs; repeated calls in a process share one result. */
export function ensureInfra(opts: { log?: Log } = {}): Promise<InfraUrls> {
  const log = opts.log ?? (() => undefined);
  pending ??= decide(log).catch((err: unknown) => {
    pending = undefined; // let a later call retry
    throw err;
  });
  return pending;
}

async function decide(log: Log): Promise<InfraUrls> {
  const { MONGO_URL, AMQP_URL, REDIS_URL, STOCKYARD_INFRA } = process.env;
  if (MONGO_URL && AMQP_URL && REDIS_URL) {
    log('using MONGO_URL, AMQP_URL and REDIS_URL from the environment');
    await checkAll(
      [`MONGO_URL (${MONGO_URL})`, () => pingMongo(MONGO_URL)],
      [`AMQP_URL (${redact(AMQP_URL)})`, () => openAmqp(AMQP_URL)],
      [`REDIS_URL (${redact(REDIS_URL)})`, () => pingRedis(REDIS_URL)],
    );
    return { mongoUrl: MONGO_URL, amqpUrl: AMQP_URL, redisUrl: REDIS_URL, mode: 'env' };
  }
  if (MONGO_URL || AMQP_URL || REDIS_URL) {
    log('only some of MONGO_URL, AMQP_URL, REDIS_URL are set: ignoring them (set all three to use your own servers)');
  }
  if (STOCKYARD_INFRA && STOCKYARD_INFRA !== 'local' && STOCKYARD_INFRA !== 'containers') {
    throw new Error(`STOCKYARD_INFRA must be "local" or "containers", not ${JSON.stringify(STOCKYARD_INFRA)}`);
  }
  if (STOCKYARD_INFRA === 'containers' || (STOCKYARD_INFRA !== 'local' && (await containerRuntimeAvailable(log)))) {
    return { ...(await startContainers(log)), mode: 'containers' };
  }
  return { ...(await startLocal(log)), mode: 'local' };
}

async function startLocal(log: Log): Promise<Omit<InfraUrls, 'mode'>> {
  if (!fs.existsSync(path.join(REPO_ROOT, 'pnpm-workspace.yaml'))) {
    throw new Error(`repository root not found at ${REPO_ROOT} (expected pnpm-workspace.yaml there)`);
  }
  fs.mkdirSync(STATE_DIR, { recursive: true });
  const port = Number(process.env.FERRETDB_PORT ?? checkoutFerretDbPort(REPO_ROOT));
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`FERRETDB_PORT is not a port: ${process.env.FERRETDB_PORT}`);
  const ctx = { stateDir: STATE_DIR, log, repoRoot: REPO_ROOT, port };
  // Independent: RabbitMQ may boot while Go builds FerretDB. Wait for all, then report every failure.
  const [mongo, amqp, redis] = await Promise.allSettled([
    ensureFerretDb(ctx),
    ensureLocalRabbitMq(ctx),
    ensureLocalRedis(ctx),
  ]);
  const failures = [mongo, amqp, redis].filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (
    failures.length > 0 ||
    mongo.status !== 'fulfilled' ||
    amqp.status !== 'fulfilled' ||
    redis.status !== 'fulfilled'
  ) {
    throw new Error(
      `Local infrastructure is not available:\n- ${failures.map((f) => errorMessage(f.reason)).join('\n- ')}`,
    );
  }
  return { mongoUrl: mongo.value, amqpUrl: amqp.value, redisUrl: redis.value };
}

/** Waits (briefly: they are someone else's servers) for every check, reporting all failures at once. */
async function checkAll(...checks: Array<[string, () => Promise<void>]>): Promise<void> {
  const results = await Promise.allSettled(
    checks.map(([what, check]) => waitUntil(what, check, { timeoutMs: 20_000 })),
  );
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failures.length > 0) {
    throw new Error(
      `Servers named in the environment do not answer:\n- ` +
        `${failures.map((f) => errorMessage(f.reason)).join('\n- ')}\n` +
        'Start them, or unset MONGO_URL, AMQP_URL and REDIS_URL to let the testkit provide servers.',
    );
  }
}

/** Hides a password in a URL for messages. */
function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
