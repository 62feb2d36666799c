/**
 * `npm start`: the whole system on this machine. Real servers (ensureInfra decides
 * where they come from: MongoDB, RabbitMQ, Redis, S3, SMTP with Mailpit's web UI), the
 * six services and the gateway as separate processes, a bootstrap admin key, and
 * `.stockyard/local.env` with GATEWAY_URL and ADMIN_KEY. STOCKYARD_PORT_BASE moves its ports (8080 on);
 * each process serves `/metrics` 100 above its own port.
 * Ctrl-C (SIGINT) or SIGTERM stops the services and the gateway. The local servers stay up for the next
 * run and the tests, which share them: `npm run infra:stop` stops those (README, "Two commands").
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SERVICES } from '@stockyard/contracts';
import { ensureInfra, REPO_ROOT, ServiceProcess, STATE_DIR } from '@stockyard/testkit';
import { bootstrapAdminKey } from './start/admin-key';
import { portsTaken } from './start/free-ports';
import { localPorts } from './start/ports';
import { purchasingEnv } from './start/purchasing-env';
import { webhooksEnv } from './start/webhooks-env';
import { startWaves } from './start/start-order';
import { webhookAllowlist } from './start/webhook-allowlist';
import { localWebhookSecretKeys } from './start/webhook-secret-keys';

const LOCAL_ENV = path.join(STATE_DIR, 'local.env');
const say = (line: string) => process.stdout.write(`[stockyard] ${line}\n`);
const hideLogin = (url: string) => url.replace(/\/\/[^@/]*@/, '//');

async function main() {
  const ports = localPorts();
  const taken = await portsTaken([...Object.values(ports.http), ...Object.values(ports.metrics)]);
  if (taken.length > 0) {
    throw new Error(
      `port${taken.length > 1 ? 's' : ''} ${taken.join(', ')} already in use (another npm start?): ` +
        `free them, or move this one with STOCKYARD_PORT_BASE, e.g. STOCKYARD_PORT_BASE=${ports.base + 1000} npm start`,
    );
  }
  const infra = await ensureInfra({ log: (line) => say(`infra: ${line}`) });
  say(
    `infra (${infra.mode}): MONGO_URL=${infra.mongoUrl} ` +
      `AMQP_URL=${hideLogin(infra.amqpUrl)} REDIS_URL=${infra.redisUrl} ` +
      `S3_URL=${infra.s3Url} SMTP_URL=${hideLogin(infra.smtpUrl)}`,
  );

  const allowlist = webhookAllowlist();
  const common = {
    MONGO_URL: infra.mongoUrl,
    AMQP_URL: infra.amqpUrl,
    REDIS_URL: infra.redisUrl,
    IDENTITY_SECRET: process.env.IDENTITY_SECRET ?? randomBytes(32).toString('hex'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // For a person at a terminal; LOG_FORMAT=json gives the lines machines read.
    LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
    WEBHOOK_URL_ALLOWLIST: allowlist.value,
    WEBHOOK_SECRET_KEYS: localWebhookSecretKeys(STATE_DIR),
  };
  const purchasing = purchasingEnv(infra);
  // Every process's peers, the gateway among them (invoicing and webhooks read the organization's settings).
  const upstreams = Object.fromEntries(
    SERVICES.map((s) => [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${ports.http[s]}`]),
  );
  const width = Math.max(...SERVICES.map((s) => s.length));
  const processes = SERVICES.map(
    (name) =>
      new ServiceProcess(
        name,
        ports.http[name],
        {
          ...common,
          // One port per process: what k8s scrapes on 9464 in each pod.
          METRICS_PORT: String(ports.metrics[name]),
          // Every process gets its peers' addresses (purchasing and the catalog read orders' holds).
          ...upstreams,
          ...(name === 'purchasing' ? purchasing : {}),
          ...(name === 'webhooks' ? webhooksEnv(infra) : {}),
          MONGO_DB: `stockyard_${name}`,
        },
        (line) => process.stdout.write(`${name.padEnd(width)} | ${line}\n`),
      ),
  );

  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('stopping every service');
    await Promise.all(processes.map((p) => p.stop('SIGTERM')));
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  const [first, rest] = startWaves(processes);
  await Promise.all(first.map((p) => p.start()))
    .then(() => (stopping ? [] : Promise.all(rest.map((p) => p.start()))))
    .catch(async (err: Error) => {
      say(err.message);
      await stopAll(1);
    });
  for (const p of processes) {
    void p.exited().then((code) => {
      if (!stopping) {
        say(`${p.name} exited unexpectedly (code ${code}); stopping the rest`);
        void stopAll(1);
      }
    });
  }

  const gatewayUrl = `http://127.0.0.1:${ports.http.gateway}`;
  const adminKey = await bootstrapAdminKey(gatewayUrl, LOCAL_ENV, infra.mongoUrl);
  fs.writeFileSync(LOCAL_ENV, `GATEWAY_URL=${gatewayUrl}\nADMIN_KEY=${adminKey}\n`, { mode: 0o600 });
  say(`ready: GATEWAY_URL=${gatewayUrl}`);
  const metrics = SERVICES.map((s) => `${s} ${ports.metrics[s]}`).join(', ');
  say(`metrics (as k8s scrapes them): http://127.0.0.1:<port>/metrics, ${metrics}`);
  say(`bootstrap admin key: ADMIN_KEY=${adminKey}`);
  say(`both written to ${path.relative(REPO_ROOT, LOCAL_ENV)}`);
  say(`Ctrl-C stops the services and the gateway; ${serversLeft(infra.mode)}`);
  say(`mail the services send (SMTP_URL=${hideLogin(infra.smtpUrl)}): Mailpit's web UI at ${infra.mailpitUrl}`);
  say(allowlist.advice);
}

/** What stays up after Ctrl-C (the tests and the next run share it), and how to stop it. */
function serversLeft(mode: string): string {
  if (mode === 'containers') return "the servers' containers stay up, reused by the next run and the tests";
  return (
    'the servers stay up for the next run and the tests: `npm run infra:stop` stops ' +
    "this checkout's FerretDB, versitygw and Mailpit (RabbitMQ and Redis are the machine's)"
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`[stockyard] ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
