import path from 'node:path';
import { findExecutable, run, startDaemon, tail } from './exec';
import { withLock } from './lock';
import { openAmqp, pingRedis } from './probes';
import { portOpen, waitUntil } from './wait';

export interface LocalContext {
  /** `<repo>/.stockyard`: locks and logs. */
  stateDir: string;
  log: (line: string) => void;
}

const LOCAL_AMQP_URL = 'amqp://guest:guest@127.0.0.1:5672';
const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

/** Debian puts server binaries outside a normal user's PATH. */
const SYSTEM_DIRS = ['/usr/local/sbin', '/usr/sbin', '/sbin', '/usr/lib/rabbitmq/bin', '/usr/bin'];

/** Finds `binary`, installing the Debian package `pkg` with apt-get when it is missing. */
async function findOrInstall(binary: string, pkg: string, ctx: LocalContext): Promise<string> {
  const found = findExecutable(binary, SYSTEM_DIRS);
  if (found) return found;
  const apt = findExecutable('apt-get', SYSTEM_DIRS);
  const manual =
    `install it (Debian/Ubuntu: apt-get update && apt-get install -y ${pkg}), ` +
    `or set MONGO_URL, AMQP_URL and REDIS_URL to servers you run`;
  if (!apt) throw new Error(`${binary} is not installed and apt-get is not available: ${manual}`);
  if (process.getuid?.() !== 0) throw new Error(`${binary} is not installed and installing needs root: ${manual}`);
  await withLock(
    path.join(ctx.stateDir, 'apt.lock'),
    async () => {
      if (findExecutable(binary, SYSTEM_DIRS)) return; // another process installed it meanwhile
      ctx.log(`${binary} not found: installing ${pkg} with apt-get (one time)`);
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      for (const args of [['update'], ['install', '-y', pkg]]) {
        const result = await run(apt, args, { env, timeoutMs: 10 * 60_000 });
        if (result.code !== 0) {
          throw new Error(
            `apt-get ${args.join(' ')} failed (exit ${result.code}):\n${tail(result.output)}\nThen ${manual}`,
          );
        }
      }
    },
    { log: ctx.log },
  );
  const installed = findExecutable(binary, SYSTEM_DIRS);
  if (!installed) throw new Error(`apt-get installed ${pkg} but ${binary} is still not found: ${manual}`);
  return installed;
}

/** Starts a local server with `start` unless something already listens on `port` (under a lock). */
async function startIfDown(name: string, port: number, ctx: LocalContext, start: () => Promise<void>): Promise<void> {
  if (await portOpen(port)) return;
  await withLock(
    path.join(ctx.stateDir, `${name}.lock`),
    async () => {
      if (await portOpen(port)) return;
      await start();
    },
    { log: ctx.log },
  );
}

/** RabbitMQ on 127.0.0.1:5672 (Debian's rabbitmq-server), started and waited for when down. */
export async function ensureLocalRabbitMq(ctx: LocalContext): Promise<string> {
  await startIfDown('rabbitmq', 5672, ctx, async () => {
    const bin = await findOrInstall('rabbitmq-server', 'rabbitmq-server', ctx);
    // The package's post-install script may have started it already.
    if (await portOpen(5672)) return;
    const logFile = path.join(ctx.stateDir, 'rabbitmq-start.log');
    ctx.log(`RabbitMQ is down: starting ${bin} -detached (output in ${logFile})`);
    const code = await startDaemon(bin, ['-detached'], logFile);
    if (code !== 0) ctx.log(`rabbitmq-server -detached exited with ${code}; waiting for the broker anyway`);
  });
  await waitUntil(
    `RabbitMQ (AMQP login as guest on 127.0.0.1:5672; ` +
      `see ${path.join(ctx.stateDir, 'rabbitmq-start.log')} and /var/log/rabbitmq)`,
    () => openAmqp(LOCAL_AMQP_URL),
    { timeoutMs: 90_000, intervalMs: 1000 },
  );
  return LOCAL_AMQP_URL;
}

/** Redis on 127.0.0.1:6379, started (no persistence) and waited for when down. */
export async function ensureLocalRedis(ctx: LocalContext): Promise<string> {
  await startIfDown('redis', 6379, ctx, async () => {
    const bin = await findOrInstall('redis-server', 'redis-server', ctx);
    if (await portOpen(6379)) return;
    ctx.log(`Redis is down: starting ${bin} --daemonize yes`);
    const args = ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', '6379', '--save', '', '--appendonly', 'no'];
    const code = await startDaemon(bin, args, path.join(ctx.stateDir, 'redis-start.log'));
    if (code !== 0) ctx.log(`redis-server exited with ${code}; waiting for it anyway`);
  });
  await waitUntil('Redis (PING on 127.0.0.1:6379)', () => pingRedis(LOCAL_REDIS_URL), {
    timeoutMs: 30_000,
    intervalMs: 250,
  });
  return LOCAL_REDIS_URL;
}
