/**
 * The deployment files (docker-compose.yml, services/Dockerfile, k8s/) are not run in
 * CI (no Docker engine, no cluster), so this checks them against the code instead:
 * every service gets every environment key its configSchema requires, the values
 * parse, the gateway's upstream URLs name the right hosts and ports, and the images
 * and manifests point at files that exist.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { interpolate } from './support/compose-file';
import { kustomizeBuild } from './support/kustomize';
// Relative, not '@stockyard/contracts': the repository root has no node_modules/@stockyard
// (the root package.json does not depend on the workspace packages).
import { SERVICES, type ServiceName } from '../packages/contracts/src';
import { configSchema as gateway } from '../services/gateway/src/config';
import { configSchema as catalog } from '../services/catalog/src/config';
import { configSchema as purchasing } from '../services/purchasing/src/config';
import { configSchema as invoicing } from '../services/invoicing/src/config';
import { configSchema as orders } from '../services/orders/src/config';
import { configSchema as inventory } from '../services/inventory/src/config';
import { configSchema as webhooks } from '../services/webhooks/src/config';
import { PORTS } from '../scripts/start/ports'; // the port convention (README): gateway 8080, then one per service

const ROOT = path.resolve(__dirname, '..');

/** What the test needs of a zod object schema (each service's type differs). */
interface EnvSchema {
  shape: Record<string, { safeParse(value: unknown): { success: boolean } }>;
  safeParse(env: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
}

const SCHEMAS: Record<ServiceName, EnvSchema> = {
  gateway,
  catalog,
  purchasing,
  invoicing,
  orders,
  inventory,
  webhooks,
};

const UPSTREAMS = SERVICES.filter((s) => s !== 'gateway');
const upstreamKey = (service: ServiceName) => `${service.toUpperCase()}_URL`;

type Env = Record<string, string>;

/** A key is required when the schema rejects its absence (no default, not optional). */
function requiredKeys(schema: EnvSchema): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([key]) => key);
}

/** Lists each failing key with zod's message, so a failure says what to fix. */
function configProblems(schema: EnvSchema, env: Env): string[] {
  const result = schema.safeParse(env);
  if (result.success) return [];
  return (result.error?.issues ?? []).map(
    (issue) => `${issue.path.map(String).join('.') || '(env)'}: ${issue.message}`,
  );
}

// ------------------------------------------------------------------ docker compose

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> } | string;
  command?: string[] | string;
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: string[] | string };
  ports?: (string | number)[];
  profiles?: string[];
  restart?: string;
}

/** The environment a container gets when nothing is set on the host. */
function composeEnv(name: string, service: ComposeService): Env {
  const env: Env = {};
  const raw = service.environment ?? {};
  const entries = Array.isArray(raw)
    ? raw.map((line) =>
        line.includes('=') ? [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] : [line, null],
      )
    : Object.entries(raw);
  for (const [key, value] of entries) {
    // `KEY:` with no value means "the host's value, else unset", but some compose versions
    // have passed "" instead, which breaks numeric keys: require an explicit default.
    if (value === null || value === undefined)
      throw new Error(`${name}.environment.${key} has no value; use \${${key}:-default}`);
    env[key as string] = interpolate(String(value), `${name}.environment.${key}`);
  }
  return env;
}

const composeFile = path.join(ROOT, 'docker-compose.yml');
// merge: docker compose honours YAML merge keys (`<<: *anchor`), so the test must too.
const compose = parse(readFileSync(composeFile, 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

function dependsOn(service: ComposeService): Record<string, string | undefined> {
  const deps = service.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((d) => [d, undefined]));
  return Object.fromEntries(Object.entries(deps).map(([d, spec]) => [d, spec?.condition]));
}

function buildOf(name: string, service: ComposeService) {
  const build = typeof service.build === 'string' ? { context: service.build } : service.build;
  if (!build) throw new Error(`compose service ${name} has no build section`);
  const context = path.resolve(ROOT, build.context ?? '.');
  const dockerfile = path.resolve(context, build.dockerfile ?? 'Dockerfile');
  return { context, dockerfile, args: build.args ?? {} };
}

describe('docker-compose.yml', () => {
  it('runs MongoDB 7, RabbitMQ and Redis with health checks', () => {
    const { mongo, rabbitmq, redis } = compose.services;
    expect(mongo?.image).toBe('mongo:7');
    expect(JSON.stringify(mongo?.healthcheck?.test)).toContain('mongosh');
    expect(rabbitmq?.image).toBe('rabbitmq:3-management');
    expect(rabbitmq?.healthcheck?.test).toEqual(['CMD', 'rabbitmq-diagnostics', '-q', 'ping']);
    expect(rabbitmq?.ports).toEqual(expect.arrayContaining(['5672:5672', '15672:15672']));
    expect(redis?.image).toBe('redis:7');
    expect(redis?.healthcheck?.test).toBeDefined();
  });

  it('has one compose service per entry of SERVICES', () => {
    expect(SERVICES).toHaveLength(7);
    for (const name of SERVICES) expect(Object.keys(compose.services)).toContain(name);
  });

  describe.each(SERVICES.map((s) => [s]))('%s', (name) => {
    const service = () => {
      const s = compose.services[name];
      if (!s) throw new Error(`docker-compose.yml has no service "${name}"`);
      return s;
    };

    it('sets every key its configSchema requires', () => {
      const env = composeEnv(name, service());
      const missing = requiredKeys(SCHEMAS[name]).filter((key) => env[key] === undefined);
      expect(missing).toEqual([]);
    });

    it('has an environment that its configSchema accepts', () => {
      expect(configProblems(SCHEMAS[name], composeEnv(name, service()))).toEqual([]);
    });

    it('uses its port and its own database', () => {
      const env = composeEnv(name, service());
      expect(env.PORT).toBe(String(PORTS[name]));
      expect(env.MONGO_DB).toBe(`stockyard_${name}`);
    });

    it('is built from an existing Dockerfile, from the repository root', () => {
      const build = buildOf(name, service());
      expect(build.context).toBe(ROOT);
      expect(existsSync(build.dockerfile)).toBe(true);
      // The shared Dockerfile is parameterised; a per-service one needs no args.
      if (path.basename(path.dirname(build.dockerfile)) === 'services') {
        expect(build.args).toEqual({ SERVICE: name, PORT: String(PORTS[name]) });
      }
    });

    it('serves metrics on 9464 as in k8s, on a port of its own', () => {
      const env = composeEnv(name, service());
      expect(env.METRICS_PORT).toBe('9464');
      expect(env.METRICS_PORT).not.toBe(env.PORT);
    });

    it(
      name === 'gateway'
        ? 'is the only service publishing a host port (so it is the one not to scale)'
        : 'publishes no host port, so `docker compose up --scale` runs replicas side by side',
      () => {
        expect(service().ports ?? []).toEqual(name === 'gateway' ? ['8080:8080'] : []);
      },
    );

    it('waits for healthy MongoDB and RabbitMQ', () => {
      const deps = dependsOn(service());
      expect(deps.mongo).toBe('service_healthy');
      expect(deps.rabbitmq).toBe('service_healthy');
    });
  });

  it("points the gateway's upstream URLs at the compose services and their ports", () => {
    const env = composeEnv('gateway', compose.services.gateway!);
    for (const upstream of UPSTREAMS) {
      const url = new URL(env[upstreamKey(upstream)] ?? 'missing:');
      const target = composeEnv(upstream, compose.services[upstream]!);
      expect(`${upstreamKey(upstream)}=${url.protocol}//${url.hostname}:${url.port}`).toBe(
        `${upstreamKey(upstream)}=http://${upstream}:${target.PORT}`,
      );
    }
  });

  it("points the catalog's INVENTORY_URL at the inventory service and its port", () => {
    const env = composeEnv('catalog', compose.services.catalog!);
    const inventoryPort = composeEnv('inventory', compose.services.inventory!).PORT;
    expect(env.INVENTORY_URL).toBe(`http://inventory:${inventoryPort}`);
  });

  it("points inventory's CATALOG_URL at the catalog service and its port", () => {
    const env = composeEnv('inventory', compose.services.inventory!);
    const catalogPort = composeEnv('catalog', compose.services.catalog!).PORT;
    expect(env.CATALOG_URL).toBe(`http://catalog:${catalogPort}`);
  });

  it('starts the gateway after Redis and every service, and publishes 8080', () => {
    const gatewayService = compose.services.gateway!;
    const deps = dependsOn(gatewayService);
    for (const dep of ['mongo', 'rabbitmq', 'redis', ...UPSTREAMS])
      expect([dep, deps[dep]]).toEqual([dep, 'service_healthy']);
    expect(gatewayService.ports).toContain('8080:8080');
  });

  it('has a one-shot bootstrap service on the gateway image, behind a profile', () => {
    const bootstrap = compose.services.bootstrap;
    expect(bootstrap).toBeDefined();
    expect(bootstrap!.profiles).toEqual(['bootstrap']);
    expect(bootstrap!.restart).toBe('no');
    expect(bootstrap!.command).toEqual(['node', 'dist/bootstrap-org.js']);
    expect(bootstrap!.image).toBe(compose.services.gateway!.image);
    expect(buildOf('bootstrap', bootstrap!)).toEqual(buildOf('gateway', compose.services.gateway!));
    expect(configProblems(SCHEMAS.gateway, composeEnv('bootstrap', bootstrap!))).toEqual([]);
    expect(dependsOn(bootstrap!).mongo).toBe('service_healthy');
  });
});

// ------------------------------------------------------------------ Dockerfile

describe('service Dockerfile(s)', () => {
  const dockerfiles = [...new Set(SERVICES.map((name) => buildOf(name, compose.services[name]!).dockerfile))];

  it.each(dockerfiles.map((f) => [path.relative(ROOT, f)]))(
    '%s copies every workspace manifest before installing',
    (rel) => {
      const text = readFileSync(path.join(ROOT, rel), 'utf8');
      const manifests = ['packages', 'services'].flatMap((group) =>
        readdirSync(path.join(ROOT, group), { withFileTypes: true })
          .filter((d) => d.isDirectory() && existsSync(path.join(ROOT, group, d.name, 'package.json')))
          .map((d) => `${group}/${d.name}/package.json`),
      );
      const install = text.indexOf('pnpm install --frozen-lockfile');
      expect(install).toBeGreaterThan(0);
      // A missing manifest makes the frozen install disagree with the lockfile.
      const missing = manifests.filter((m) => {
        const at = text.indexOf(`COPY ${m} `);
        return at < 0 || at > install;
      });
      expect(missing).toEqual([]);
      for (const f of ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml']) {
        expect(text).toMatch(new RegExp(`^COPY\\s(.*\\s)?${f.replace(/\./g, '\\.')}\\s`, 'm'));
      }
    },
  );

  it.each(dockerfiles.map((f) => [path.relative(ROOT, f)]))(
    '%s runs as node, with a /livez check and dist/main.js',
    (rel) => {
      const text = readFileSync(path.join(ROOT, rel), 'utf8');
      expect(text).toMatch(/^FROM node:20-bookworm-slim AS build$/m);
      expect(text).toMatch(/deploy --prod --legacy/);
      expect(text).toMatch(/^USER node$/m);
      expect(text).toMatch(/^ENV NODE_ENV=production/m);
      expect(text).toMatch(/^HEALTHCHECK [^\n]*\\\n\s*CMD .*\/livez|^HEALTHCHECK .*CMD .*\/livez/m);
      expect(text).toMatch(/^CMD \["node", "dist\/main\.js"\]$/m);
    },
  );
});

// ------------------------------------------------------------------ Kubernetes

interface K8sObject {
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  /** A Deployment's or a Service's, as far as the checks below read it (other kinds have none). */
  spec: K8sSpec;
}

/** At least one (what a check reads first). */
type Some<T> = [T, ...T[]];

interface K8sSpec {
  template: {
    metadata: { labels: Record<string, string> };
    spec: {
      terminationGracePeriodSeconds: number;
      securityContext: { runAsNonRoot: boolean };
      containers: Some<Container>;
    };
  };
  ports: Some<{ port: number }>;
  selector: Record<string, string>;
}

const K8S = path.join(ROOT, 'k8s');
const manifestFiles = readdirSync(K8S).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
// What a throw-away cluster runs: the applied set plus the example Secrets (k8s/throwaway), whose keys
// the real Secrets share (k8s/README.md, "Secrets").
const k8sObjects: (K8sObject & { file: string })[] = [...kustomizeBuild(), ...kustomizeBuild('throwaway')].map(
  ({ file, object }) => ({ ...(object as K8sObject), file }),
);
const findObject = (kind: string, name: string) => k8sObjects.find((o) => o.kind === kind && o.metadata.name === name);

/** A Secret's values, whether written as stringData or base64 data. */
function secretValues(secret: K8sObject): Env {
  const decoded = Object.fromEntries(
    Object.entries(secret.data ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]),
  );
  return { ...decoded, ...(secret.stringData ?? {}) };
}

interface Container {
  ports: Some<{ containerPort: number }>;
  env?: { name: string; value?: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
}

/** The container's environment as the kubelet builds it: envFrom in order, then env wins. */
function containerEnv(container: Container): Env {
  const env: Env = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      const cm = findObject('ConfigMap', source.configMapRef.name);
      if (!cm) throw new Error(`ConfigMap ${source.configMapRef.name} is not in k8s/`);
      Object.assign(env, cm.data ?? {});
    } else if (source.secretRef) {
      const secret = findObject('Secret', source.secretRef.name);
      if (!secret) throw new Error(`Secret ${source.secretRef.name} is not in k8s/throwaway`);
      Object.assign(env, secretValues(secret));
    }
  }
  for (const entry of container.env ?? []) {
    if (entry.value === undefined) throw new Error(`env ${entry.name}: only literal values are checked here`);
    env[entry.name] = String(entry.value);
  }
  return env;
}

describe('k8s/', () => {
  it('has the shared ConfigMap, and the example Secret (k8s/throwaway) with the secret keys', () => {
    expect(findObject('ConfigMap', 'stockyard-config')).toBeDefined();
    const secret = findObject('Secret', 'stockyard-secrets');
    expect(secret?.file).toBe('throwaway/secrets.example.yaml');
    expect(Object.keys(secretValues(secret!)).sort()).toEqual([
      'AMQP_URL',
      'IDENTITY_SECRET',
      'MONGO_URL',
      'REDIS_URL',
      'WEBHOOK_SECRET_KEYS',
    ]);
  });

  it('lists every manifest in kustomization.yaml', () => {
    const kustomization = parse(readFileSync(path.join(K8S, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
    expect([...kustomization.resources].sort()).toEqual([...manifestFiles].sort());
  });

  describe.each(SERVICES.map((s) => [s]))('%s', (name) => {
    const deployment = () => {
      const d = findObject('Deployment', name);
      if (!d) throw new Error(`no Deployment "${name}" in k8s/`);
      expect(d.file).toBe(`${name}.yaml`);
      return d;
    };
    const container = () => deployment().spec.template.spec.containers[0];

    it('gives the container every key its configSchema requires, and values it accepts', () => {
      const env = containerEnv(container());
      expect(requiredKeys(SCHEMAS[name]).filter((key) => env[key] === undefined)).toEqual([]);
      expect(configProblems(SCHEMAS[name], env)).toEqual([]);
      expect(env.PORT).toBe(String(PORTS[name]));
      expect(env.MONGO_DB).toBe(`stockyard_${name}`);
    });

    // Probes, resources, replicas (its autoscaler), disruption budget and network policy:
    // test/k8s-operability.spec.ts.
    it('runs non-root on its port, with a 30 s grace period', () => {
      const spec = deployment().spec;
      expect(spec.template.spec.terminationGracePeriodSeconds).toBe(30);
      expect(spec.template.spec.securityContext.runAsNonRoot).toBe(true);
      expect(container().ports[0].containerPort).toBe(PORTS[name]);
    });

    it('has a Service on its port that selects its pods', () => {
      const service = findObject('Service', name);
      expect(service).toBeDefined();
      expect(service!.spec.ports[0].port).toBe(PORTS[name]);
      const podLabels = deployment().spec.template.metadata.labels;
      for (const [key, value] of Object.entries(service!.spec.selector)) expect(podLabels[key]).toBe(value);
    });
  });

  it("points the catalog's INVENTORY_URL at the inventory Service (from the shared ConfigMap)", () => {
    const env = containerEnv(findObject('Deployment', 'catalog')!.spec.template.spec.containers[0]);
    const url = new URL(env.INVENTORY_URL ?? 'missing:');
    expect(url.hostname).toBe('inventory');
    expect(findObject('Service', 'inventory')?.spec.ports[0].port).toBe(Number(url.port));
  });

  it("points inventory's CATALOG_URL at the catalog Service (from the shared ConfigMap)", () => {
    const env = containerEnv(findObject('Deployment', 'inventory')!.spec.template.spec.containers[0]);
    const url = new URL(env.CATALOG_URL ?? 'missing:');
    expect(url.hostname).toBe('catalog');
    expect(findObject('Service', 'catalog')?.spec.ports[0].port).toBe(Number(url.port));
  });

  it("points the gateway's upstream URLs at the Kubernetes Services and their ports", () => {
    const env = containerEnv(findObject('Deployment', 'gateway')!.spec.template.spec.containers[0]);
    for (const upstream of UPSTREAMS) {
      const url = new URL(env[upstreamKey(upstream)] ?? 'missing:');
      const service = findObject('Service', url.hostname);
      expect([upstreamKey(upstream), url.hostname]).toEqual([upstreamKey(upstream), upstream]);
      expect(service?.spec.ports[0].port).toBe(Number(url.port));
    }
  });
});
