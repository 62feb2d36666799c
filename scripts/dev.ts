/**
 * `npm run dev -- <service>`: one service real, on its real database and broker (the local
 * servers `npm start` uses), each peer it calls (the internal route table's callers) mocked by
 * @stockyard/peer-mocks, and the gateway in front with an admin key. The gateway proxies the
 * service's partner routes to it; the other services' routes answer 503 (nothing runs there), and
 * say so: DEV_SERVICE tells the gateway which one was started.
 * STOCKYARD_PORT_BASE moves the ports as for `npm start`; DEV_PORT_OFFSET shifts them further (to run
 * beside `npm start`). Each of the two processes serves `/metrics` 100 above its own port, as there.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { peersOf, SERVICES, type ServiceName } from '@stockyard/contracts';
import { startMockPeer, type MockPeer } from '@stockyard/peer-mocks';
import { ensureInfra, freePort, REPO_ROOT, ServiceProcess, STATE_DIR } from '@stockyard/testkit';
import { devAdminKey } from './dev/dev-key';
import { localPorts } from './start/ports';
import { purchasingEnv } from './start/purchasing-env';
import { webhooksEnv } from './start/webhooks-env';
import { webhookAllowlist } from './start/webhook-allowlist';
import { localWebhookSecretKeys } from './start/webhook-secret-keys';

const DEV_ENV = path.join(STATE_DIR, 'dev.env');
const say = (line: string) => process.stdout.write(`[stockyard dev] ${line}\n`);
const hideLogin = (url: string) => url.replace(/\/\/[^@/]*@/, '//');
const urlOf = (name: string) => `${name.toUpperCase()}_URL`;

function serviceArgument(): Exclude<ServiceName, 'gateway'> {
  const name = process.argv[2];
  const choices = SERVICES.filter((s) => s !== 'gateway');
  if (!choices.includes(name as (typeof choices)[number])) {
    throw new Error(`usage: npm run dev -- <service>, one of ${choices.join(', ')}`);
  }
  return name as Exclude<ServiceName, 'gateway'>;
}

async function main() {
  const service = serviceArgument();
  const ports = localPorts(process.env, { name: 'DEV_PORT_OFFSET', by: Number(process.env.DEV_PORT_OFFSET ?? 0) });
  const infra = await ensureInfra({ log: (line) => say(`infra: ${line}`) });
  say(`infra (${infra.mode}): MONGO_URL=${infra.mongoUrl} AMQP_URL=${hideLogin(infra.amqpUrl)}`);
  const identitySecret = process.env.IDENTITY_SECRET ?? randomBytes(32).toString('hex');

  // The gateway is always real (it is in front); every other peer the service calls is a mock.
  const mocked = peersOf(service).filter((p) => p !== 'gateway');
  const mocks: MockPeer[] = await Promise.all(mocked.map((peer) => startMockPeer(peer, { identitySecret })));
  const gatewayUrl = `http://127.0.0.1:${ports.http.gateway}`;
  const common = {
    MONGO_URL: infra.mongoUrl,
    AMQP_URL: infra.amqpUrl,
    IDENTITY_SECRET: identitySecret,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // For a person at a terminal; LOG_FORMAT=json gives the lines machines read.
    LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
    // As `npm start` gives them (webhooks reads them; the other services ignore them).
    WEBHOOK_URL_ALLOWLIST: webhookAllowlist().value,
    WEBHOOK_SECRET_KEYS: localWebhookSecretKeys(STATE_DIR),
  };
  const real = new ServiceProcess(
    service,
    ports.http[service],
    {
      ...common,
      METRICS_PORT: String(ports.metrics[service]),
      ...Object.fromEntries(mocks.map((m) => [urlOf(m.service), m.url])),
      GATEWAY_URL: gatewayUrl,
      ...(service === 'purchasing' ? purchasingEnv(infra) : {}),
      ...(service === 'webhooks' ? webhooksEnv(infra) : {}),
      MONGO_DB: `stockyard_${service}`,
    },
    (line) => process.stdout.write(`${service} | ${line}\n`),
  );
  // The gateway reaches the real service; every other upstream is a closed port: 503 there.
  const closed = `http://127.0.0.1:${await freePort()}`;
  const upstreams = Object.fromEntries(SERVICES.filter((s) => s !== 'gateway').map((s) => [urlOf(s), closed]));
  const gateway = new ServiceProcess(
    'gateway',
    ports.http.gateway,
    {
      ...common,
      METRICS_PORT: String(ports.metrics.gateway),
      REDIS_URL: infra.redisUrl,
      ...upstreams,
      [urlOf(service)]: real.url,
      // The absent services' 503 says they were not started and how to start them (gateway's http/dev-mode.ts).
      DEV_SERVICE: service,
      MONGO_DB: 'stockyard_gateway',
    },
    (line) => process.stdout.write(`gateway | ${line}\n`),
  );

  const stop = async (code: number) => {
    say('stopping');
    await Promise.all([real.stop(), gateway.stop()]);
    await Promise.all(mocks.map((m) => m.close()));
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  await Promise.all([real.start(), gateway.start()]).catch(async (err: Error) => {
    say(err.message);
    await stop(1);
  });

  const adminKey = await devAdminKey(gatewayUrl, DEV_ENV, infra.mongoUrl);
  fs.writeFileSync(DEV_ENV, `GATEWAY_URL=${gatewayUrl}\nADMIN_KEY=${adminKey}\n`, { mode: 0o600 });
  say(`real: ${service} at ${real.url} (database stockyard_${service}), the gateway in front`);
  for (const m of mocks) say(`mocked: ${m.service} at ${m.url} (what it was asked: ${m.url}/__mock/calls)`);
  say(`ready: GATEWAY_URL=${gatewayUrl}`);
  say(
    `metrics: http://127.0.0.1:<port>/metrics, ${service} ${ports.metrics[service]}, gateway ${ports.metrics.gateway}`,
  );
  say(`bootstrap admin key: ADMIN_KEY=${adminKey}`);
  say(`both written to ${path.relative(REPO_ROOT, DEV_ENV)}; other services' routes answer 503; Ctrl-C stops`);
}

main().catch((err: unknown) => {
  process.stderr.write(`[stockyard dev] ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
