import { ensureInfra, infraVariables } from './infra';

/**
 * Jest global setup: makes the real servers available once per run and hands their
 * URLs to every test worker through the environment.
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const infra = await ensureInfra({ log: (line) => process.stderr.write(`[infra] ${line}\n`) });
  // MONGO_URL, AMQP_URL, REDIS_URL, S3_URL and its keys and region, SMTP_URL, MAILPIT_URL.
  Object.assign(process.env, infraVariables(infra));
  process.env.STOCKYARD_TEST_RUN = process.env.STOCKYARD_TEST_RUN ?? Date.now().toString(36);
  // Every bound route's answer is checked against its response schema (service-kit bind-route.ts).
  process.env.STOCKYARD_CHECK_RESPONSES = 'true';
  process.stderr.write(`[infra] ${infra.mode} servers ready in ${Date.now() - started} ms\n`);
}
