import { openAmqp, pingMongo, pingRedis } from './probes';
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

/** MongoDB 7, RabbitMQ 3 and Redis 7 in containers, reused across runs. */
export async function startContainers(
  log: (line: string) => void,
): Promise<{ mongoUrl: string; amqpUrl: string; redisUrl: string }> {
  const { GenericContainer } = await import('testcontainers');
  // Reused containers are never reaped: each run of the tests finds them by their config hash.
  const start = async (image: string, port: number) => {
    log(`starting or reusing container ${image}`);
    const container = await new GenericContainer(image)
      .withExposedPorts(port)
      .withReuse()
      .withStartupTimeout(120_000)
      .start();
    return `${container.getHost()}:${container.getMappedPort(port)}`;
  };
  const [mongo, rabbit, redis] = await Promise.all([
    start('mongo:7', 27017),
    start('rabbitmq:3', 5672),
    start('redis:7', 6379),
  ]).catch((err: unknown) => {
    throw new Error(
      `Starting containers with testcontainers failed: ${errorMessage(err)}. Check that the Docker engine runs ` +
        '(`docker info`), or set STOCKYARD_INFRA=local to use local servers instead.',
    );
  });
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
