/**
 * The one place that decides where tests and local runs find MongoDB-compatible storage,
 * RabbitMQ, Redis, S3 and SMTP (with Mailpit's API to read what was sent). Three groups of
 * variables, each used when all of it is set:
 *
 * - `MONGO_URL`, `AMQP_URL`, `REDIS_URL` (mode `env`; only some set: ignored, with a line saying so);
 * - `S3_URL`, `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY` (`S3_REGION` optional, default us-east-1);
 * - `SMTP_URL`, `MAILPIT_URL`.
 *
 * A group set is checked (its servers must answer) and used. An S3 or mail group set in part is an
 * error naming what is missing: credentials cannot be guessed, and tests read sent mail through
 * MAILPIT_URL. A group not set at all is provided like the rest:
 *
 * 1. A container runtime answers: MongoDB 7, RabbitMQ 3, Redis 7, MinIO and Mailpit via
 *    testcontainers, reused across runs (mode `containers`).
 * 2. Otherwise local servers (mode `local`): Debian's rabbitmq-server and redis-server (started, or
 *    installed with apt, when missing), FerretDB on SQLite built from `infra/ferretdb`, versitygw
 *    and Mailpit built with `go install`, each on ports of this checkout's own.
 *
 * So with only MONGO_URL, AMQP_URL and REDIS_URL set (mode `env`), S3 and mail still come from
 * containers or local servers. `STOCKYARD_INFRA=local` or `STOCKYARD_INFRA=containers` skips the
 * runtime check. `FERRETDB_PORT`, `VERSITYGW_PORT`, `MAILPIT_SMTP_PORT` and `MAILPIT_HTTP_PORT` move
 * the local servers (default: a base plus a number from the checkout's path, `checkoutPort`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { containerRuntimeAvailable, startContainers, startMailContainer, startS3Container } from './infra/containers';
import { checkoutPort, portFromEnv, type ServerContext } from './infra/detached';
import { checkoutFerretDbPort, ensureFerretDb, localFerretDbPid } from './infra/ferretdb';
import { ensureLocalRabbitMq, ensureLocalRedis } from './infra/local-servers';
import { ensureMailpit, type MailUrls } from './infra/mailpit';
import { listS3Buckets, mailpitInfo, openAmqp, pingMongo, pingRedis, smtpGreets, type S3Access } from './infra/probes';
import { ensureVersityGw } from './infra/versitygw';
import { errorMessage, waitUntil } from './infra/wait';

export type { S3Access } from './infra/probes';

interface CoreUrls {
  mongoUrl: string;
  amqpUrl: string;
  redisUrl: string;
}

export interface InfraUrls extends CoreUrls, S3Access, MailUrls {
  /** Where MongoDB, RabbitMQ and Redis come from (S3 and mail: see the module's comment). */
  mode: 'env' | 'containers' | 'local';
}

type Log = (line: string) => void;

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const STATE_DIR = path.join(REPO_ROOT, '.stockyard');

/** The local FerretDB's pid (mode `local`; benchmarks read its CPU time), if one was started here. */
export const ferretDbPid = () => localFerretDbPid(STATE_DIR);

/** Building and running FerretDB from any sources (bench:lists compares two builds). */
export { buildFerretDb, launchFerretDb, stopFerretDb } from './infra/ferretdb';

/** The servers as environment variables: what `npm run infra` prints and the jest global setup exports. */
export function infraVariables(urls: Omit<InfraUrls, 'mode'>): Record<string, string> {
  return {
    MONGO_URL: urls.mongoUrl,
    AMQP_URL: urls.amqpUrl,
    REDIS_URL: urls.redisUrl,
    S3_URL: urls.s3Url,
    S3_ACCESS_KEY_ID: urls.s3AccessKeyId,
    S3_SECRET_ACCESS_KEY: urls.s3SecretAccessKey,
    S3_REGION: urls.s3Region,
    SMTP_URL: urls.smtpUrl,
    MAILPIT_URL: urls.mailpitUrl,
  };
}

let pending: Promise<InfraUrls> | undefined;

/** Makes the servers available and returns their URLs; repeated calls in a process share one result. */
export function ensureInfra(opts: { log?: Log } = {}): Promise<InfraUrls> {
  const log = opts.log ?? (() => undefined);
  pending ??= decide(log).catch((err: unknown) => {
    pending = undefined; // let a later call retry
    throw err;
  });
  return pending;
}

/** A group of variables: all set (their values), none set (undefined), or some (an error naming the rest). */
function group<K extends string>(names: K[], what: string): Record<K, string> | undefined {
  const set = names.filter((name) => process.env[name]);
  if (set.length === 0) return undefined;
  const missing = names.filter((name) => !process.env[name]);
  if (missing.length > 0) {
    throw new Error(
      `${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set but not ${missing.join(', ')}: ` +
        `set all of ${names.join(', ')} to use ${what}, or none to let the testkit provide one`,
    );
  }
  return Object.fromEntries(names.map((name) => [name, process.env[name]!])) as Record<K, string>;
}

async function decide(log: Log): Promise<InfraUrls> {
  const { MONGO_URL, AMQP_URL, REDIS_URL, STOCKYARD_INFRA } = process.env;
  const s3Env = group(['S3_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'], 'your own S3 server');
  const mailEnv = group(['SMTP_URL', 'MAILPIT_URL'], 'your own Mailpit');
  const checks: Array<[string, () => Promise<void>]> = [];
  let core: CoreUrls | undefined;
  let s3: S3Access | undefined;
  let mail: MailUrls | undefined;
  if (MONGO_URL && AMQP_URL && REDIS_URL) {
    log('using MONGO_URL, AMQP_URL and REDIS_URL from the environment');
    core = { mongoUrl: MONGO_URL, amqpUrl: AMQP_URL, redisUrl: REDIS_URL };
    checks.push(
      [`MONGO_URL (${MONGO_URL})`, () => pingMongo(MONGO_URL)],
      [`AMQP_URL (${redact(AMQP_URL)})`, () => openAmqp(AMQP_URL)],
      [`REDIS_URL (${redact(REDIS_URL)})`, () => pingRedis(REDIS_URL)],
    );
  } else if (MONGO_URL || AMQP_URL || REDIS_URL) {
    log('only some of MONGO_URL, AMQP_URL, REDIS_URL are set: ignoring them (set all three to use your own servers)');
  }
  if (s3Env) {
    log('using S3_URL, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY from the environment');
    const access: S3Access = {
      s3Url: s3Env.S3_URL,
      s3AccessKeyId: s3Env.S3_ACCESS_KEY_ID,
      s3SecretAccessKey: s3Env.S3_SECRET_ACCESS_KEY,
      s3Region: process.env.S3_REGION || 'us-east-1',
    };
    s3 = access;
    checks.push([`S3_URL (${access.s3Url}, ListBuckets with S3_ACCESS_KEY_ID)`, () => listS3Buckets(access)]);
  }
  if (mailEnv) {
    log('using SMTP_URL and MAILPIT_URL from the environment');
    mail = { smtpUrl: mailEnv.SMTP_URL, mailpitUrl: mailEnv.MAILPIT_URL };
    checks.push(
      [`SMTP_URL (${redact(mailEnv.SMTP_URL)})`, () => smtpGreets(mailEnv.SMTP_URL)],
      [`MAILPIT_URL (${mailEnv.MAILPIT_URL})`, () => mailpitInfo(mailEnv.MAILPIT_URL).then(() => undefined)],
    );
  }
  await checkAll(...checks);
  if (core && s3 && mail) return { ...core, ...s3, ...mail, mode: 'env' };

  if (STOCKYARD_INFRA && STOCKYARD_INFRA !== 'local' && STOCKYARD_INFRA !== 'containers') {
    throw new Error(`STOCKYARD_INFRA must be "local" or "containers", not ${JSON.stringify(STOCKYARD_INFRA)}`);
  }
  const missing = [!core && 'MongoDB, RabbitMQ and Redis', !s3 && 'S3', !mail && 'SMTP'].filter(Boolean);
  if (core) log(`${missing.join(' and ')} not in the environment: the testkit provides them`);
  const useContainers =
    STOCKYARD_INFRA === 'containers' || (STOCKYARD_INFRA !== 'local' && (await containerRuntimeAvailable(log)));
  const provided = useContainers
    ? await settleAll({
        core: core ?? startContainers(log),
        s3: s3 ?? startS3Container(log),
        mail: mail ?? startMailContainer(log),
      })
    : await startLocal(log, { core, s3, mail });
  return {
    ...provided.core,
    ...provided.s3,
    ...provided.mail,
    mode: core ? 'env' : useContainers ? 'containers' : 'local',
  };
}

/** Waits for every server, then reports every failure at once. */
async function settleAll<T extends object>(servers: { [K in keyof T]: T[K] | Promise<T[K]> }): Promise<T> {
  const keys = Object.keys(servers) as (keyof T)[];
  const results = await Promise.allSettled(keys.map((key) => Promise.resolve(servers[key])));
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failures.length > 0) {
    throw new Error(`Servers are not available:\n- ${failures.map((f) => errorMessage(f.reason)).join('\n- ')}`);
  }
  return Object.fromEntries(keys.map((key, i) => [key, (results[i] as PromiseFulfilledResult<unknown>).value])) as T;
}

async function startLocal(
  log: Log,
  given: { core?: CoreUrls; s3?: S3Access; mail?: MailUrls },
): Promise<{ core: CoreUrls; s3: S3Access; mail: MailUrls }> {
  if (!fs.existsSync(path.join(REPO_ROOT, 'pnpm-workspace.yaml'))) {
    throw new Error(`repository root not found at ${REPO_ROOT} (expected pnpm-workspace.yaml there)`);
  }
  fs.mkdirSync(STATE_DIR, { recursive: true });
  const ctx: ServerContext = { stateDir: STATE_DIR, log, repoRoot: REPO_ROOT };
  const port = (variable: string, base: number) => portFromEnv(variable, checkoutPort(REPO_ROOT, base));
  const ports = {
    ferretDb: portFromEnv('FERRETDB_PORT', checkoutFerretDbPort(REPO_ROOT)),
    versityGw: port('VERSITYGW_PORT', 28217),
    smtp: port('MAILPIT_SMTP_PORT', 29317),
    http: port('MAILPIT_HTTP_PORT', 30417),
  };
  // Independent: RabbitMQ may boot while Go builds FerretDB. Wait for all, then report every failure.
  const { core } = given;
  const servers = await settleAll({
    mongoUrl: core?.mongoUrl ?? ensureFerretDb({ ...ctx, port: ports.ferretDb }),
    amqpUrl: core?.amqpUrl ?? ensureLocalRabbitMq(ctx),
    redisUrl: core?.redisUrl ?? ensureLocalRedis(ctx),
    s3: given.s3 ?? ensureVersityGw({ ...ctx, port: ports.versityGw }),
    mail: given.mail ?? ensureMailpit({ ...ctx, smtpPort: ports.smtp, httpPort: ports.http }),
  });
  const { mongoUrl, amqpUrl, redisUrl } = servers;
  return { core: { mongoUrl, amqpUrl, redisUrl }, s3: servers.s3, mail: servers.mail };
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
        'Start them, or unset their variables to let the testkit provide servers.',
    );
  }
}

/** Hides a password in a URL for messages. */
function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
