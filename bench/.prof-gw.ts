import autocannon from 'autocannon';
import { ensureInfra, startStack } from '@stockyard/testkit';
async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, { MONGO_URL: infra.mongoUrl, AMQP_URL: infra.amqpUrl, REDIS_URL: infra.redisUrl, STOCKYARD_TEST_RUN: 'bench', NODE_OPTIONS: '--import /tmp/prof/pre.mjs' });
  const stack = await startStack(['webhooks'], { gateway: { RATE_LIMIT_PER_MINUTE: '1000000000' } });
  delete process.env.NODE_OPTIONS;
  const { adminKey } = stack.bootstrapOrg('Prof Org');
  const r = await autocannon({ url: `${stack.gatewayUrl}/api/v1/webhooks/events`, headers: { authorization: `Bearer ${adminKey}` }, connections: 10, duration: 10 });
  console.log(r.requests.average, r.latency.p50);
  await stack.destroy();
}
main().then(() => process.exit(0));
