import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import mongoose from 'mongoose';
import path from 'node:path';
import type { ServiceName } from '@stockyard/contracts';
import { REPO_ROOT } from './infra';
import { assertConforms, contractFront } from './contract-front';
import { eventually } from './http';
import { freePort, listensOn } from './ports';
import { infraEnv, isolatedNames, serviceInfraEnv, TEST_IDENTITY_SECRET, TEST_WEBHOOK_SECRET_KEYS } from './isolation';
import { removeBucket, s3Client } from './s3';

const UPSTREAMS = ['catalog', 'purchasing', 'invoicing', 'orders', 'inventory', 'webhooks'] as const;

/** One service running as its own OS process, exactly as `npm start` runs it. */
/**
 * How long a started process may take to answer /readyz: 180 s, or STOCKYARD_READY_TIMEOUT_MS. A
 * process compiles its TypeScript as it starts: beside four others on a 2-core machine at load 25
 * that took more than 60 s. A ready process answers at once; only a failing start waits this long.
 */
const readyTimeoutMs = () => Number(process.env.STOCKYARD_READY_TIMEOUT_MS ?? 180_000);

export class ServiceProcess {
  private child?: ChildProcess;
  private output: string[] = [];

  constructor(
    readonly name: ServiceName,
    readonly port: number,
    readonly env: Record<string, string>,
    /** Sees every output line (npm start prints them); tests keep them for failure messages. */
    private readonly onLine: (line: string) => void = () => undefined,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The running process's id (benchmarks read its CPU time), undefined before start. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(extraEnv: Record<string, string> = {}): Promise<void> {
    const main = path.join(REPO_ROOT, 'services', this.name, 'src', 'main.ts');
    // `node --import tsx` keeps it one process, so a signal reaches the service itself.
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...this.env, ...extraEnv, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      const lines = chunk.toString('utf8').split('\n').filter(Boolean);
      lines.forEach(this.onLine);
      this.output.push(...lines);
      this.output = this.output.slice(-300);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    this.child = child;
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`${this.name} exited with ${child.exitCode}:\n${this.logs()}`);
        const res = await fetch(`${this.url}/readyz`).catch(() => undefined);
        // Something else answering on the port is not this process ready: it will fail to bind and exit.
        return res?.status === 200 && (await listensOn(child.pid!, this.port)) ? true : undefined;
      },
      readyTimeoutMs(),
      150,
    ).catch((err: Error) => {
      throw new Error(`${this.name} did not become ready: ${err.message}\n${this.logs()}`);
    });
  }

  /** Sends a signal and waits for the process to end. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    return exited;
  }

  /** Resolves when the process ends, for whatever reason. */
  exited(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child?.exitCode ?? null);
    return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  logs(): string {
    return this.output.join('\n');
  }
}

/** Runs the gateway's bootstrap command against a gateway database. */
export function bootstrapOrg(mongoUrl: string, gatewayDb: string, name: string): { orgId: string; adminKey: string } {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'services/gateway/src/bootstrap-org.ts'), name],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, MONGO_URL: mongoUrl, MONGO_DB: gatewayDb },
      encoding: 'utf8',
    },
  );
  const orgId = /^ORG_ID=(\S+)$/m.exec(result.stdout ?? '')?.[1];
  const adminKey = /^ADMIN_KEY=(\S+)$/m.exec(result.stdout ?? '')?.[1];
  if (result.status !== 0 || !orgId || !adminKey)
    throw new Error(`bootstrap-org failed (${result.status}):\n${result.stderr}`);
  return { orgId, adminKey };
}

export interface Stack {
  services: Partial<Record<ServiceName, ServiceProcess>>;
  /** The gateway, through the contract check (services.gateway.url is the gateway itself). */
  gatewayUrl: string;
  databases: Record<string, string>;
  exchange: string;
  /** Stops every process (SIGTERM) and drops the stack's databases. */
  destroy(): Promise<void>;
  /** Runs the gateway's bootstrap command: a new organization and its ADMIN key. */
  bootstrapOrg(name?: string): { orgId: string; adminKey: string };
  /** One more gateway process on the same databases and Redis prefix; destroy() stops it too. */
  gatewayReplica(env?: Record<string, string>): Promise<ServiceProcess>;
}

/**
 * What every process of a stack reads: the local servers, the stack's exchange, the test
 * secrets, and S3 and SMTP (each config reads only its own keys) with a bucket of the stack's own.
 */
export function stackEnv(exchange: string, bucket: string): Record<string, string> {
  const infra = infraEnv();
  return {
    MONGO_URL: infra.mongoUrl,
    AMQP_URL: infra.amqpUrl,
    EVENTS_EXCHANGE: exchange,
    IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    WEBHOOK_SECRET_KEYS: TEST_WEBHOOK_SECRET_KEYS,
    LOG_LEVEL: 'warn',
    ...serviceInfraEnv(bucket),
  };
}

/** Drops a stack's databases and removes its S3 bucket (when S3 was configured): what destroy() leaves behind. */
export async function removeStackData(databases: Record<string, string>, bucket: string | undefined): Promise<void> {
  for (const dbName of Object.values(databases)) {
    const connection = await mongoose.createConnection(infraEnv().mongoUrl, { dbName }).asPromise();
    await connection.dropDatabase();
    await connection.close();
  }
  if (bucket) {
    const s3 = s3Client();
    await removeBucket(s3, bucket).finally(() => s3.destroy());
  }
}

/**
 * Starts the named services (and always the gateway) as processes on free ports, each
 * with its own isolated database and a shared isolated exchange. The gateway and every
 * service get each upstream's `<NAME>_URL`, and services the gateway's `GATEWAY_URL`;
 * services not started are pointed at a closed port, so the gateway answers 503 for them
 * and a peer's call fails as on an outage.
 */
export async function startStack(
  names: Exclude<ServiceName, 'gateway'>[],
  extraEnv: Partial<Record<ServiceName, Record<string, string>>> = {},
): Promise<Stack> {
  const infra = infraEnv();
  const { exchange, bucket } = isolatedNames('stack');
  const common = stackEnv(exchange, bucket);
  const closedPort = await freePort();
  const databases: Record<string, string> = {};
  const services: Partial<Record<ServiceName, ServiceProcess>> = {};
  const upstreamUrls: Record<string, string> = {};

  const ports: Partial<Record<ServiceName, number>> = { gateway: await freePort() };
  // Services read the gateway too (invoicing the organization's settings).
  upstreamUrls.GATEWAY_URL = `http://127.0.0.1:${ports.gateway}`;
  for (const name of UPSTREAMS) {
    if (names.includes(name)) ports[name] = await freePort();
    upstreamUrls[`${name.toUpperCase()}_URL`] = `http://127.0.0.1:${ports[name] ?? closedPort}`;
  }
  // Every service gets its peers' addresses too (inventory asks the catalog, the catalog
  // asks inventory), so a stack with both talks through real calls; a peer not started
  // answers nothing, as a peer that is down would.
  for (const name of UPSTREAMS) {
    if (!ports[name]) continue;
    databases[name] = isolatedNames(name).database;
    services[name] = new ServiceProcess(name, ports[name], {
      ...common,
      ...upstreamUrls,
      MONGO_DB: databases[name],
      ...extraEnv[name],
    });
  }
  const gatewayNames = isolatedNames('gateway');
  databases.gateway = gatewayNames.database;
  const gatewayEnv = {
    ...common,
    MONGO_DB: databases.gateway,
    REDIS_URL: infra.redisUrl,
    REDIS_PREFIX: gatewayNames.redisPrefix,
    ...upstreamUrls,
    ...extraEnv.gateway,
  };
  const gateway = new ServiceProcess('gateway', ports.gateway!, gatewayEnv);
  services.gateway = gateway;

  const all = Object.values(services);
  const replicas: ServiceProcess[] = [];
  try {
    await Promise.all(all.map((s) => s.start()));
  } catch (err) {
    await Promise.all(all.map((s) => s.stop('SIGKILL')));
    throw err;
  }
  // Partners' calls go through the contract check: an answer the document does not describe
  // fails the suite when the stack is destroyed, naming the answer.
  const front = await contractFront(gateway.url);
  return {
    services,
    gatewayUrl: front.url,
    databases,
    exchange,
    destroy: async () => {
      await front.close();
      await Promise.all([...all, ...replicas].map((s) => s.stop()));
      await removeStackData(databases, common.S3_BUCKET ? bucket : undefined);
      assertConforms(front);
    },
    bootstrapOrg: (name = 'Test organization') => bootstrapOrg(infra.mongoUrl, databases.gateway!, name),
    gatewayReplica: async (env = {}) => {
      const replica = new ServiceProcess('gateway', await freePort(), { ...gatewayEnv, ...env });
      await replica.start();
      replicas.push(replica);
      return replica;
    },
  };
}

/** A caller of the stack's partner API with one key: `(method, route, body?, headers?)` → the fetch Response. */
export function gatewayCaller(gatewayUrl: string, key: string) {
  return (method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(`${gatewayUrl}/api/v1${route}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/** An answer of the partner API, its body parsed when there is one. */
export interface GatewayAnswer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert body fields one by one
  body: any;
}

/**
 * A stack's partner API with one key, answers parsed: `call` answers whatever came back,
 * `ok` the body of a 2xx and throws with the status and text on anything else.
 */
export function gatewayJson(gatewayUrl: string, key: string) {
  const raw = gatewayCaller(gatewayUrl, key);
  const call = async (
    method: string,
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<GatewayAnswer> => {
    const res = await raw(method, route, body, headers);
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const ok = async (method: string, route: string, body?: unknown): Promise<GatewayAnswer['body']> => {
    const res = await call(method, route, body);
    if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${res.text}`);
    return res.body;
  };
  return { call, ok };
}
