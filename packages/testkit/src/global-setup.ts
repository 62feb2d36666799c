import { ensureInfra } from './infra';

/**
 * Jest global setup: makes the real servers available once per run and hands their
 * URLs to every test worker through the environment.
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const infra = await ensureInfra({ log: (line) => process.stderr.write(`[infra] ${line}\n`) });
  process.env.MONGO_URL = infra.mongoUrl;
  process.env.AMQP_URL = infra.amqpUrl;
  process.env.REDIS_URL = infra.redisUrl;
  process.env.STOCKYARD_TEST_RUN = process.env.STOCKYARD_TEST_RUN ?? Date.now().toString(36);
  // Every bound route's answer is checked against its response schema (service-kit bind-route.ts).
  process.env.STOCKYARD_CHECK_RESPONSES = 'true';
  process.stderr.write(`[infra] ${infra.mode} servers ready in ${Date.now() - started} ms\n`);
}
