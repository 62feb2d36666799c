import { MAILPIT_VERSION } from './mailpit';
import { LOCAL_S3_KEYS, LOCAL_S3_REGION } from './versitygw';
import { listS3Buckets, mailpitInfo, openAmqp, pingMongo, pingRedis, smtpGreets, type S3Access } from './probes';
import { errorMessage, waitUntil, withTimeout } from './wait';

/**
 * True when testcontainers finds a working container runtime (Docker socket, DOCKER_HOST,
 * ~/.testcontainers.properties, rootless or Podman sockets): the same check `start()` uses.
 */
export async function containerRuntimeAvailable(log: (line: string) => void): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    const client = await withTimeout(getContainerRuntimeClient(), 10_000, 'container runtime check');
    log(`container runtime found: ${client.info.containerRuntime.host}`);
    return true;
  } catch (err) {
    log(`no container runtime (${errorMessage(err)})`);
    return false;
  }
}

type Log = (line: string) => void;

/** Starts (or finds, by its configuration's hash) a reused container and returns `host:port` per exposed port. */
async function reusedContainer(
  log: Log,
  image: string,
  ports: number[],
  configure: (container: import('testcontainers').GenericContainer) => import('testcontainers').GenericContainer = (
    c,
  ) => c,
): Promise<string[]> {
  const { GenericContainer } = await import('testcontainers');
  log(`starting or reusing container ${image}`);
  // Reused containers are never reaped: each run of the tests finds them by their config hash.
  const container = await configure(new GenericContainer(image))
    .withExposedPorts(...ports)
    .withReuse()
    .withStartupTimeout(120_000)
    .start()
    .catch((err: unknown) => {
      throw new Error(
        `Starting ${image} with testcontainers failed: ${errorMessage(err)}. Check that the Docker engine runs ` +
          '(`docker info`), or set STOCKYARD_INFRA=local to use local servers instead.',
      );
    });
  return ports.map((port) => `${container.getHost()}:${container.getMappedPort(port)}`);
}

/** MongoDB 7, RabbitMQ 3 and Redis 7 in containers, reused across runs. */
export async function startContainers(log: Log): Promise<{ mongoUrl: string; amqpUrl: string; redisUrl: string }> {
  const [[mongo], [rabbit], [redis]] = await Promise.all([
    reusedContainer(log, 'mongo:7', [27017]),
    reusedContainer(log, 'rabbitmq:3', [5672]),
    reusedContainer(log, 'redis:7', [6379]),
  ]);
  const urls = {
    mongoUrl: `mongodb://${mongo}`,
    // The official image lets guest log in from outside the container (loopback_users.guest = false).
    amqpUrl: `amqp://guest:guest@${rabbit}`,
    redisUrl: `redis://${redis}`,
  };
  // A listening port is not a ready server (RabbitMQ in particular boots for a while).
  await Promise.all([
    waitUntil(`MongoDB container (${urls.mongoUrl})`, () => pingMongo(urls.mongoUrl), { timeoutMs: 60_000 }),
    waitUntil(`RabbitMQ container (${rabbit})`, () => openAmqp(urls.amqpUrl), { timeoutMs: 90_000, intervalMs: 1000 }),
    waitUntil(`Redis container (${urls.redisUrl})`, () => pingRedis(urls.redisUrl), { timeoutMs: 30_000 }),
  ]);
  return urls;
}

/**
 * MinIO, pinned, from MinIO's own registry: it stopped publishing images in late 2025 and Docker Hub
 * has since refused anonymous pulls of minio/minio (docker-compose.yml uses the same image). Its
 * root user and password are the local S3 keys, as versitygw's.
 */
const MINIO_IMAGE = 'quay.io/minio/minio:RELEASE.2025-09-07T16-13-09Z.hotfix.7aa24e772';

/** MinIO in a reused container. */
export async function startS3Container(log: Log): Promise<S3Access> {
  const [endpoint] = await reusedContainer(log, MINIO_IMAGE, [9000], (c) =>
    c
      .withEnvironment({
        MINIO_ROOT_USER: LOCAL_S3_KEYS.s3AccessKeyId,
        MINIO_ROOT_PASSWORD: LOCAL_S3_KEYS.s3SecretAccessKey,
      })
      .withCommand(['server', '/data']),
  );
  const access = { s3Url: `http://${endpoint}`, s3Region: LOCAL_S3_REGION, ...LOCAL_S3_KEYS };
  await waitUntil(`MinIO container (${access.s3Url})`, () => listS3Buckets(access), { timeoutMs: 60_000 });
  return access;
}

/** Mailpit in a reused container (the version built locally). */
export async function startMailContainer(log: Log): Promise<{ smtpUrl: string; mailpitUrl: string }> {
  const [smtp, http] = await reusedContainer(log, `axllent/mailpit:${MAILPIT_VERSION}`, [1025, 8025]);
  const urls = { smtpUrl: `smtp://${smtp}`, mailpitUrl: `http://${http}` };
  await waitUntil(
    `Mailpit container (${urls.mailpitUrl})`,
    async () => {
      await mailpitInfo(urls.mailpitUrl);
      await smtpGreets(urls.smtpUrl);
    },
    { timeoutMs: 60_000 },
  );
  return urls;
}
