/**
 * What platform teams count on in k8s/, held so it cannot silently go away: each Deployment's
 * probes, resources, disruption budget, autoscaler, network policy and scrape annotations, and
 * the MongoDB connection settings of a replica set.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { SERVICES, type ServiceName } from '../packages/contracts/src';
import { configSchema as gateway } from '../services/gateway/src/config';
import { configSchema as catalog } from '../services/catalog/src/config';
import { configSchema as purchasing } from '../services/purchasing/src/config';
import { configSchema as invoicing } from '../services/invoicing/src/config';
import { configSchema as orders } from '../services/orders/src/config';
import { configSchema as inventory } from '../services/inventory/src/config';
import { configSchema as webhooks } from '../services/webhooks/src/config';
import { loadManifests, type K8sObject } from './support/k8s-manifests';

const SHAPES: Record<ServiceName, Record<string, unknown>> = {
  gateway: gateway.shape,
  catalog: catalog.shape,
  purchasing: purchasing.shape,
  invoicing: invoicing.shape,
  orders: orders.shape,
  inventory: inventory.shape,
  webhooks: webhooks.shape,
};

/** Who calls a service: those whose configSchema has its `<NAME>_URL` (the gateway has them all). */
const callersOf = (target: ServiceName): ServiceName[] =>
  SERVICES.filter((s) => s !== target && `${target.toUpperCase()}_URL` in SHAPES[s]).sort();

const METRICS_PORT = 9464;
const objects = loadManifests().map((m) => m.object);
const monitoring = loadManifests('monitoring').map((m) => m.object);
const find = (kind: string, test: (o: K8sObject) => boolean) => objects.filter((o) => o.kind === kind && test(o));

interface Container {
  ports: { name: string; containerPort: number }[];
  env?: { name: string; value?: string }[];
  resources?: { requests?: Record<string, string | number>; limits?: Record<string, string | number> };
  [probe: string]: unknown;
}

/** A selector's matchLabels (the form these manifests use) against a set of labels; none selects nothing. */
function selects(selector: { matchLabels?: Record<string, string> } | undefined, labels: Record<string, string>) {
  if (!selector?.matchLabels || Object.keys(selector.matchLabels).length === 0) return false;
  return Object.entries(selector.matchLabels).every(([k, v]) => labels[k] === v);
}

/** CPU in millicores or memory in bytes, for the quantities used here ("100m", "1", "192Mi", "1Gi"). */
function quantity(value: string | number): number {
  const match = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi)?$/.exec(String(value));
  if (!match) throw new Error(`quantity ${value} is not one this test reads`);
  const unit = { m: 1, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 }[match[2] ?? ''] ?? 1000;
  return Number(match[1]) * unit;
}

interface IngressRule {
  from?: {
    podSelector?: {
      matchLabels?: Record<string, string>;
      matchExpressions?: { key: string; operator: string; values: string[] }[];
    };
    namespaceSelector?: { matchLabels?: Record<string, string> };
  }[];
  ports?: { port: string | number }[];
}

/** The app names a rule's peers select (same namespace, by app.kubernetes.io/name), or "*" for anyone. */
function peersOf(rule: IngressRule): string[] {
  if (!rule.from) return ['*'];
  return rule.from.flatMap((peer) => {
    if (peer.namespaceSelector)
      return [`namespace:${peer.namespaceSelector.matchLabels?.['kubernetes.io/metadata.name']}`];
    const byLabel = peer.podSelector?.matchLabels?.['app.kubernetes.io/name'];
    const byExpression = (peer.podSelector?.matchExpressions ?? [])
      .filter((e) => e.key === 'app.kubernetes.io/name' && e.operator === 'In')
      .flatMap((e) => e.values);
    return byLabel ? [byLabel, ...byExpression] : byExpression;
  });
}

describe.each(SERVICES.map((s) => [s]))('k8s/ %s', (name) => {
  const deployment = () => {
    const [d, ...more] = find('Deployment', (o) => o.metadata.name === name);
    if (!d || more.length > 0) throw new Error(`k8s/ has ${more.length + (d ? 1 : 0)} Deployments "${name}"`);
    return d;
  };
  const podLabels = (): Record<string, string> => deployment().spec.template.metadata.labels;
  const container = (): Container => deployment().spec.template.spec.containers[0];
  const portNamed = (portName: string) => container().ports.find((p) => p.name === portName);

  it('probes /livez for liveness and start-up, /readyz for readiness, on its http port', () => {
    const c = container();
    const probe = (key: string) => (c[key] as { httpGet?: { path: string; port: string } } | undefined)?.httpGet;
    expect(probe('livenessProbe')).toEqual({ path: '/livez', port: 'http' });
    expect(probe('startupProbe')).toEqual({ path: '/livez', port: 'http' });
    expect(probe('readinessProbe')).toEqual({ path: '/readyz', port: 'http' });
    expect(portNamed('http')).toBeDefined();
  });

  it('requests CPU and memory and is limited to no less', () => {
    const { requests, limits } = container().resources ?? {};
    for (const resource of ['cpu', 'memory']) {
      const [request, limit] = [requests?.[resource], limits?.[resource]];
      expect([resource, request !== undefined, limit !== undefined]).toEqual([resource, true, true]);
      expect(quantity(limit!)).toBeGreaterThanOrEqual(quantity(request!));
    }
  });

  it('leaves its replica count to a CPU HorizontalPodAutoscaler (autoscaling/v2) of 2 or more', () => {
    expect(deployment().spec.replicas).toBeUndefined();
    const hpas = find('HorizontalPodAutoscaler', (o) => o.spec?.scaleTargetRef?.name === name);
    expect(hpas).toHaveLength(1);
    const hpa = hpas[0]!;
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(hpa.spec.metrics).toContainEqual({
      type: 'Resource',
      resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } },
    });
  });

  it('has a PodDisruptionBudget over its pods that lets a drain take one of the minimum', () => {
    const pdbs = find('PodDisruptionBudget', (o) => selects(o.spec?.selector, podLabels()));
    expect(pdbs).toHaveLength(1);
    const spec = pdbs[0]!.spec;
    expect(spec.selector).toEqual(deployment().spec.selector);
    const hpa = find('HorizontalPodAutoscaler', (o) => o.spec?.scaleTargetRef?.name === name)[0];
    const minReplicas: number = hpa?.spec.minReplicas ?? 0;
    if (spec.maxUnavailable !== undefined) expect(spec.maxUnavailable).toBeGreaterThanOrEqual(1);
    else expect(spec.minAvailable).toBeLessThan(minReplicas);
  });

  it('serves /metrics on a port named metrics, announced to Prometheus by the usual annotations', () => {
    expect(portNamed('metrics')?.containerPort).toBe(METRICS_PORT);
    expect(container().env).toContainEqual({ name: 'METRICS_PORT', value: String(METRICS_PORT) });
    expect(deployment().spec.template.metadata.annotations).toEqual(
      expect.objectContaining({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(METRICS_PORT),
        'prometheus.io/path': '/metrics',
      }),
    );
    // The optional PodMonitor (k8s/monitoring) says the same to the Prometheus Operator.
    const podMonitor = monitoring.find((o) => o.kind === 'PodMonitor');
    expect(selects(podMonitor?.spec.selector, podLabels())).toBe(true);
    expect(podMonitor?.spec.podMetricsEndpoints).toContainEqual(
      expect.objectContaining({ port: 'metrics', path: '/metrics' }),
    );
    // No Service exposes it: Prometheus scrapes the pods, the gateway never proxies it.
    const service = find('Service', (o) => o.metadata.name === name)[0];
    expect(service?.spec.ports.map((p: { targetPort: unknown }) => p.targetPort)).toEqual(['http']);
  });

  describe('NetworkPolicy', () => {
    const policy = () => {
      const policies = find('NetworkPolicy', (o) => selects(o.spec?.podSelector, podLabels()));
      expect(policies).toHaveLength(1);
      expect(policies[0]!.spec.policyTypes).toContain('Ingress');
      return policies[0]!.spec as { ingress: IngressRule[] };
    };
    /** Who may reach a named port: the peers of every rule that lists it. */
    const allowed = (portName: string) =>
      [
        ...new Set(
          policy()
            .ingress.filter((r) => r.ports?.some((p) => p.port === portName))
            .flatMap(peersOf),
        ),
      ].sort();

    it('names ports in every rule, and only ports the container has', () => {
      for (const rule of policy().ingress) {
        expect(rule.ports?.length).toBeGreaterThan(0); // a rule without ports opens them all
        for (const { port } of rule.ports!) expect([port, portNamed(String(port))]).toEqual([port, expect.anything()]);
      }
    });

    it('lets the monitoring namespace, and nothing else, reach the metrics port', () => {
      expect(allowed('metrics')).toEqual(['namespace:monitoring']);
    });

    it(
      name === 'gateway'
        ? 'lets anyone reach the http port (the public entry point)'
        : 'lets the gateway and the peers whose configSchema has its URL, and no one else, reach the http port',
      () => {
        expect(allowed('http')).toEqual(name === 'gateway' ? ['*'] : callersOf(name));
        if (name !== 'gateway') expect(callersOf(name)).toContain('gateway');
      },
    );
  });
});

describe('k8s/ MongoDB settings', () => {
  // The example Secret (k8s/throwaway) shows the URL the real one carries.
  const secret = loadManifests('throwaway')
    .map((m) => m.object)
    .find((o) => o.kind === 'Secret' && o.metadata.name === 'stockyard-secrets');
  const mongoUrl = secret?.stringData?.MONGO_URL ?? '';

  it('connects to a replica set with majority writes, retryable writes and primary reads (the services driver)', () => {
    // The MongoDB driver the services run (service-kit's), parsing the URL without connecting.
    const kitRequire = createRequire(path.resolve(__dirname, '../packages/service-kit/package.json'));
    const { MongoClient } = kitRequire('mongodb') as {
      MongoClient: new (url: string) => {
        options: {
          replicaSet?: string;
          retryWrites: boolean;
          writeConcern?: { w?: unknown };
          readPreference: { mode: string };
        };
      };
    };
    const { options } = new MongoClient(mongoUrl);
    expect(options.replicaSet).toEqual(expect.any(String));
    expect(options.writeConcern?.w).toBe('majority');
    expect(options.retryWrites).toBe(true);
    expect(options.readPreference.mode).toBe('primary');
    // Said in the URL, not left to the driver's defaults (which a future driver may change).
    const params = new URLSearchParams(mongoUrl.split('?')[1] ?? '');
    expect(['replicaSet', 'w', 'retryWrites', 'readPreference'].filter((k) => !params.has(k))).toEqual([]);
  });
});
