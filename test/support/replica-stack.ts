import {
  bootstrapOrg,
  eventually,
  freePort,
  infraEnv,
  isolatedNames,
  removeStackData,
  ServiceProcess,
  stackEnv,
} from '@stockyard/testkit';
import { startTcpFront } from './tcp-front';

export const REPLICATED = ['catalog', 'purchasing', 'invoicing', 'orders', 'inventory', 'webhooks'] as const;
export type Replicated = (typeof REPLICATED)[number];

export interface ReplicaStack {
  gatewayUrl: string;
  gateway: ServiceProcess;
  /** Two processes of each service, on one database and one exchange. */
  replicas: Record<Replicated, [ServiceProcess, ServiceProcess]>;
  databases: Record<string, string>;
  exchange: string;
  bootstrapOrg(name?: string): { orgId: string; adminKey: string };
  destroy(): Promise<void>;
}

/** At most this many processes start at once: a start compiles TypeScript, and the machine has 2 cores. */
const STARTING_AT_ONCE = 2;

/**
 * ServiceProcess.start, waiting longer for readiness than its 30 s: beside eleven other
 * services on two busy cores a start can take longer. A process that exited still fails.
 */
export async function startPatiently(process: ServiceProcess, timeoutMs = 120_000): Promise<void> {
  const started = Date.now();
  await process.start().catch(async (err: Error) => {
    if (!err.message.includes('did not become ready: condition not met')) throw err;
    await eventually(
      async () => {
        const res = await fetch(`${process.url}/readyz`).catch(() => undefined);
        return res?.status === 200 ? true : undefined;
      },
      timeoutMs - (Date.now() - started),
      250,
    );
  });
}

async function startAll(processes: ServiceProcess[]): Promise<void> {
  for (let i = 0; i < processes.length; i += STARTING_AT_ONCE) {
    await Promise.all(processes.slice(i, i + STARTING_AT_ONCE).map((p) => startPatiently(p)));
  }
}

/**
 * startStack's stack with two replicas of every service behind the gateway: the gateway gets
 * both addresses in each `<NAME>_URL` and balances; services call their peers through a TCP
 * front per service (tcp-front.ts, a Service's stand-in). Environments as startStack's.
 */
export async function startReplicaStack(
  extraEnv: Partial<Record<Replicated | 'gateway', Record<string, string>>> = {},
): Promise<ReplicaStack> {
  const infra = infraEnv();
  const { exchange, bucket } = isolatedNames('replicas');
  const common = stackEnv(exchange, bucket);
  const gatewayPort = await freePort();
  const ports = {} as Record<Replicated, [number, number]>;
  for (const name of REPLICATED) ports[name] = [await freePort(), await freePort()];
  const fronts = await Promise.all(REPLICATED.map((name) => startTcpFront(ports[name])));

  const peerUrls: Record<string, string> = { GATEWAY_URL: `http://127.0.0.1:${gatewayPort}` };
  const gatewayUrls: Record<string, string> = {};
  REPLICATED.forEach((name, i) => {
    peerUrls[`${name.toUpperCase()}_URL`] = fronts[i]!.url;
    gatewayUrls[`${name.toUpperCase()}_URL`] = ports[name].map((port) => `http://127.0.0.1:${port}`).join(',');
  });

  const databases: Record<string, string> = {};
  const replicas = {} as Record<Replicated, [ServiceProcess, ServiceProcess]>;
  for (const name of REPLICATED) {
    databases[name] = isolatedNames(name).database;
    // As in k8s (config.yaml: 5 s): a stopped replica keeps serving a moment, answering
    // `Connection: close`, so its callers' pooled connections leave before its listener closes.
    const env = { ...common, ...peerUrls, MONGO_DB: databases[name], SHUTDOWN_DELAY_MS: '1000', ...extraEnv[name] };
    replicas[name] = [new ServiceProcess(name, ports[name][0], env), new ServiceProcess(name, ports[name][1], env)];
  }
  const gatewayNames = isolatedNames('gateway');
  databases.gateway = gatewayNames.database;
  const gateway = new ServiceProcess('gateway', gatewayPort, {
    ...common,
    MONGO_DB: databases.gateway,
    REDIS_URL: infra.redisUrl,
    REDIS_PREFIX: gatewayNames.redisPrefix,
    ...gatewayUrls,
    ...extraEnv.gateway,
  });

  const all = [...REPLICATED.flatMap((name) => replicas[name]), gateway];
  const stopAll = () => Promise.all(all.map((p) => p.stop()));
  try {
    await startAll(all);
  } catch (err) {
    await Promise.all(all.map((p) => p.stop('SIGKILL')));
    await Promise.all(fronts.map((f) => f.close()));
    throw err;
  }
  return {
    gatewayUrl: gateway.url,
    gateway,
    replicas,
    databases,
    exchange,
    bootstrapOrg: (name = 'Replicas organization') => bootstrapOrg(infra.mongoUrl, databases.gateway!, name),
    destroy: async () => {
      await stopAll();
      await Promise.all(fronts.map((f) => f.close()));
      await removeStackData(databases, common.S3_BUCKET ? bucket : undefined);
    },
  };
}
