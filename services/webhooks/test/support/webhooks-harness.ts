import type { Connection } from 'mongoose';
import { Broker, connectMongo, createLogger } from '@stockyard/service-kit';
import { asCaller, isolatedNames, listen, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { buildApp, type WebhooksService } from '../../src/app';
import { configSchema, type Config } from '../../src/config';

export interface Harness {
  config: Config;
  connection: Connection;
  service: WebhooksService;
  /** The service's own base URL (no gateway in front). */
  url: string;
  /** Calls the service as the gateway would: with a signed identity, unless `orgId` is null. */
  call(method: string, path: string, orgId: string | null, body?: unknown): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}

/** Boots the service in-process against the real servers, with its own database, exchange and queues. */
export async function bootWebhooks(env: Record<string, string> = {}): Promise<Harness> {
  const names = isolatedNames('webhooks');
  const config = configSchema.parse({
    PORT: '0',
    MONGO_URL: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:37017',
    MONGO_DB: names.database,
    AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    EVENTS_EXCHANGE: names.exchange,
    IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    ...env,
  });
  const logger = createLogger('webhooks-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const broker = new Broker(config.AMQP_URL, config.EVENTS_EXCHANGE, logger);
  await broker.start();
  const service = buildApp({ config, logger, connection, broker });
  await service.start();
  const http = await listen(service.app);

  const call: Harness['call'] = async (method, path, orgId, body) => {
    const headers = orgId ? asCaller(orgId, ['webhooks.manage']) : { 'content-type': 'application/json' };
    const res = await fetch(`${http.url}/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  const stop = async () => {
    await http.close();
    const queues = service.consumer?.queues ?? [];
    await service.stop();
    const channel = broker.current;
    for (const name of queues) await channel?.deleteQueue(name);
    await channel?.deleteExchange(config.EVENTS_EXCHANGE);
    await broker.close();
    await connection.dropDatabase();
    await connection.close();
  };
  return { config, connection, service, url: http.url, call, stop };
}
