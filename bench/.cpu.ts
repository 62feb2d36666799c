import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import autocannon from 'autocannon';
import { signIdentity, permissionsOf } from '@stockyard/contracts';
import { ensureInfra, startStack, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
const TCK = 100;
const cpu = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 1000 / TCK; };
const pidOf = (pat: string) => Number(execSync(`pgrep -n -f '${pat}'`).toString().trim());
async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, { MONGO_URL: infra.mongoUrl, AMQP_URL: infra.amqpUrl, REDIS_URL: infra.redisUrl, STOCKYARD_TEST_RUN: 'bench' });
  const stack = await startStack(['inventory', 'webhooks'], { gateway: { RATE_LIMIT_PER_MINUTE: '1000000000' } });
  const { orgId, adminKey } = stack.bootstrapOrg('Cpu Org');
  const pids = { gateway: pidOf('[s]ervices/gateway/src/main'), inventory: pidOf('[s]ervices/inventory/src/main'), webhooks: pidOf('[s]ervices/webhooks/src/main'), ferret: pidOf('[f]erretdb-'), redis: pidOf('[r]edis-server'), bench: process.pid };
  for (const path of (process.env.PATHS ?? '/api/v1/webhooks/events,/api/v1/warehouses').split(',')) {
    const svc = path.includes('webhooks') ? 'webhooks' : 'inventory';
    const all = { 'x-stockyard-identity': signIdentity({ orgId, keyId: 'bench', permissions: [...permissionsOf('ADMIN', [])] }, TEST_IDENTITY_SECRET) };
    for (const [name, url, headers] of [['direct', `${stack.services[svc]!.url}${path}`, all], ['gateway', `${stack.gatewayUrl}${path}`, { authorization: `Bearer ${adminKey}` }]] as const) {
      await autocannon({ url, headers, connections: 10, duration: 2 });
      const before = Object.fromEntries(Object.entries(pids).map(([k, p]) => [k, cpu(p)]));
      const t = performance.now();
      const r = await autocannon({ url, headers, connections: 10, duration: 6 });
      const wall = performance.now() - t;
      const n = r.requests.total;
      const per = Object.entries(pids).map(([k, p]) => `${k} ${((cpu(p) - before[k]!) * 1000 / n).toFixed(0)}`).join(' ');
      console.log(path, name, `${(n / (wall / 1000)).toFixed(0)} req/s`, 'CPU µs/req:', per, 'total', Object.entries(pids).reduce((s, [k, p]) => s + (cpu(p) - before[k]!), 0) * 1000 / n | 0, 'machine capacity µs/req', (2 * wall * 1000 / n) | 0);
    }
  }
  await stack.destroy();
}
main().then(() => process.exit(0));
