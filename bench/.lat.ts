import { Agent, request } from 'node:http';
import { signIdentity, permissionsOf } from '@stockyard/contracts';
import { ensureInfra, startStack, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
async function one(url: string, headers: Record<string, string>, n = 1500) {
  const l: number[] = [];
  for (let i = 0; i < n; i++) { const s = performance.now(); await new Promise<void>((ok, ko) => request(url, { headers, agent }, (res) => res.resume().on('end', () => ok())).on('error', ko).end()); l.push(performance.now() - s); }
  l.sort((a, b) => a - b); return l[l.length >> 1]!.toFixed(2);
}
async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, { MONGO_URL: infra.mongoUrl, AMQP_URL: infra.amqpUrl, REDIS_URL: infra.redisUrl, STOCKYARD_TEST_RUN: 'bench' });
  const stack = await startStack(['inventory', 'webhooks'], { gateway: { RATE_LIMIT_PER_MINUTE: '1000000000' } });
  const { orgId, adminKey } = stack.bootstrapOrg('Lat Org');
  for (const path of ['/api/v1/webhooks/events', '/api/v1/warehouses']) {
    const svc = path.includes('webhooks') ? 'webhooks' : 'inventory';
    const d = `${stack.services[svc]!.url}${path}`;
    const small = { 'x-stockyard-identity': signIdentity({ orgId, keyId: 'bench', permissions: ['warehouses.read', 'webhooks.manage'] }, TEST_IDENTITY_SECRET) };
    const all = { 'x-stockyard-identity': signIdentity({ orgId, keyId: 'bench', permissions: [...permissionsOf('ADMIN', [])] }, TEST_IDENTITY_SECRET) };
    const fwd = { ...all, 'x-request-id': 'b7d3c1a2-1111-2222-3333-444455556666', 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http', 'x-forwarded-host': '127.0.0.1:1234', accept: '*/*' };
    await one(d, small, 300); await one(`${stack.gatewayUrl}${path}`, { authorization: `Bearer ${adminKey}` }, 300);
    console.log(path, 'direct-small', await one(d, small), 'direct-admin', await one(d, all), 'direct-fwd', await one(d, fwd), 'gateway', await one(`${stack.gatewayUrl}${path}`, { authorization: `Bearer ${adminKey}` }), 'direct-small', await one(d, small));
  }
  console.log(stack.services.gateway!.logs().split('\n').filter((l: string) => l.includes('TIMING')).join('\n'));
  await stack.destroy();
}
main().then(() => process.exit(0));
