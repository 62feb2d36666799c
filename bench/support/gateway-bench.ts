/**
 * bench:gateway's measuring part (`bench/gateway.ts` says what it measures): the same authenticated GET
 * through the gateway and straight to the service, in alternating rounds at fixed connection counts.
 */
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { DEFAULT_LIMIT, signIdentity } from '@stockyard/contracts';
import { startStack, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { cpuMeter, watchMachine } from '../machine';
import type { FlowProbe } from './flow-probe';
import { stopOnInterrupt } from './interrupt';
import { benchServers } from './servers';
import { say } from './figures';
import { Refusals } from './refusals';

interface GatewayOptions {
  /**
   * Fixed connection counts, each measured separately: 1 connection shows the latency the
   * gateway adds to a lone request; 10 (autocannon's default) and 32 show throughput under
   * load (closed-loop, latency is then mostly queueing; 10 connections do not keep three
   * processes busy on two cores, 32 saturate both sides).
   */
  connectionCounts: number[];
  seconds: number;
  /** Direct and gateway alternate, so a change in the machine's background load hits both alike. */
  rounds: number;
  /** Each phase starts with this much of its own load on both sides, not measured (JIT, heap sizes, connections). */
  warmupSeconds: number;
  /** The routes measured, by path; all of them when unset. */
  paths?: string[];
  probe?: FlowProbe;
}
/** The gateway's per-key default is 300/min; a benchmark must lift it, and says so. */
const RATE_LIMIT = '1000000000';
const ROUTES = [
  { path: '/api/v1/webhooks/events', service: 'webhooks', permission: 'webhooks.manage' },
  { path: '/api/v1/warehouses', service: 'inventory', permission: 'warehouses.read' },
] as const;

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Each process's CPU per request, in microseconds. */
  cpu: Record<string, number>;
}

export interface Comparison {
  path: string;
  connections: number;
  direct: Figures;
  gateway: Figures;
  /** Requests/s through the gateway over direct. */
  ratio: number;
}

export interface GatewayFigures {
  comparisons: Comparison[];
  refusals: Refusals;
}

type Meter = ReturnType<typeof cpuMeter>;
/** Where a phase's load goes and what notes its answers. */
type Phase = { meter: Meter; refusals: Refusals };

async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
  phase: Phase,
): Promise<Figures> {
  const measuring = phase.meter.start();
  const figures =
    connections === 1 ? await oneAtATime(url, headers, seconds) : await manyAtOnce(url, headers, seconds, connections);
  const used = measuring.stop();
  for (const [status, count] of figures.statuses) phase.refusals.noteMany(`GET ${url}`, status, count);
  const cpu = Object.fromEntries(Object.entries(used).map(([name, ms]) => [name, (ms * 1000) / figures.requests]));
  return { ...figures, cpu };
}

async function manyAtOnce(url: string, headers: Record<string, string>, seconds: number, connections: number) {
  const result = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    requests: result.requests.total,
    statuses: new Map(Object.entries(result.statusCodeStats ?? {}).map(([s, c]) => [Number(s), c.count ?? 0])),
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One kept-alive connection, one request at a time, timed in microseconds (autocannon rounds to whole ms). */
async function oneAtATime(url: string, headers: Record<string, string>, seconds: number) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let non2xx = 0;
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      request(url, { headers, agent }, (res) => res.resume().on('end', () => resolve(res.statusCode!)))
        .on('error', reject)
        .end();
    });
    latencies.push(performance.now() - started);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status < 200 || status > 299) non2xx++;
  }
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  return {
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    non2xx,
    errors: 0,
    requests: latencies.length,
    statuses,
  };
}

const mean = (all: Figures[]): Figures => {
  const avg = (pick: (f: Figures) => number) => all.reduce((sum, f) => sum + pick(f), 0) / all.length;
  const cpu = Object.fromEntries(Object.keys(all[0]!.cpu).map((name) => [name, avg((f) => f.cpu[name] ?? 0)]));
  return {
    perSecond: avg((f) => f.perSecond),
    p50: avg((f) => f.p50),
    p99: avg((f) => f.p99),
    non2xx: avg((f) => f.non2xx),
    errors: avg((f) => f.errors),
    cpu,
  };
};

const row = (name: string, f: Figures) =>
  `${name.padEnd(9)} ${f.perSecond.toFixed(0).padStart(8)} req/s   p50 ${f.p50.toFixed(2).padStart(6)} ms   ` +
  `p99 ${f.p99.toFixed(2).padStart(6)} ms   non-2xx ${f.non2xx}  errors ${f.errors}`;

/** CPU per request by process, and in all: where a side's time goes. */
const cpuRow = (name: string, f: Figures) => {
  const parts = Object.entries(f.cpu).map(([process, us]) => `${process} ${us.toFixed(0)}`);
  const total = Object.values(f.cpu).reduce((a, b) => a + b, 0);
  return `${name.padEnd(9)} CPU µs/request: ${parts.join(', ')}; all ${total.toFixed(0)}`;
};

type Target = { url: string; headers: Record<string, string> };

async function compare(
  options: GatewayOptions,
  connections: number,
  viaGateway: Target,
  direct: () => Target,
  phase: Phase,
): Promise<{ direct: Figures; gateway: Figures; ratio: number }> {
  const { seconds, rounds: roundCount, warmupSeconds } = options;
  say('');
  say(`== ${connections} connection${connections > 1 ? 's' : ''}`);
  const warm = direct();
  await load(warm.url, warm.headers, warmupSeconds, connections, phase);
  await load(viaGateway.url, viaGateway.headers, warmupSeconds, connections, phase);
  const rounds: { direct: Figures; gateway: Figures }[] = [];
  for (let round = 1; round <= roundCount; round++) {
    const d = direct();
    const figures = {
      direct: await load(d.url, d.headers, seconds, connections, phase),
      gateway: await load(viaGateway.url, viaGateway.headers, seconds, connections, phase),
    };
    rounds.push(figures);
    say(
      `round ${round}: direct ${figures.direct.perSecond.toFixed(0)} req/s p50 ${figures.direct.p50.toFixed(2)} ms | ` +
        `gateway ${figures.gateway.perSecond.toFixed(0)} req/s p50 ${figures.gateway.p50.toFixed(2)} ms`,
    );
  }
  const directFigures = mean(rounds.map((r) => r.direct));
  const gatewayFigures = mean(rounds.map((r) => r.gateway));
  say(`mean of ${roundCount} rounds:`);
  say(row('direct', directFigures));
  say(row('gateway', gatewayFigures));
  say(cpuRow('direct', directFigures));
  say(cpuRow('gateway', gatewayFigures));
  const ratio = gatewayFigures.perSecond / directFigures.perSecond;
  const added = gatewayFigures.p50 - directFigures.p50;
  if (connections === 1) {
    // One request at a time: requests/s is 1/latency, so this phase answers the latency target.
    say(`requests/s ratio gateway/direct: ${ratio.toFixed(2)} (one at a time: the inverse of latency, not throughput)`);
    say(
      `added latency: p50 ${added.toFixed(2)} ms (target < 1 ms: ${added < 1 ? 'met' : 'not met'}), ` +
        `p99 ${(gatewayFigures.p99 - directFigures.p99).toFixed(2)} ms`,
    );
  } else {
    say(`throughput ratio gateway/direct: ${ratio.toFixed(2)} (target >= 0.80: ${ratio >= 0.8 ? 'met' : 'not met'})`);
    say(
      `added latency: p50 ${added.toFixed(2)} ms, p99 ${(gatewayFigures.p99 - directFigures.p99).toFixed(2)} ms ` +
        `(autocannon's whole milliseconds; mostly queueing)`,
    );
  }
  return { direct: directFigures, gateway: gatewayFigures, ratio };
}

type Route = (typeof ROUTES)[number];

/** A route's page read straight on the store, for the floor (only /warehouses reads the store). */
async function probeReads(options: GatewayOptions, route: Route, dbName: string, orgId: string) {
  if (route.service !== 'inventory') return;
  const filter = { orgId, deletedAt: null };
  const read = { query: route.path, filter, sort: { createdAt: 1, _id: 1 } as const, limit: DEFAULT_LIMIT };
  await options.probe?.reads?.({ dbName, collection: 'warehouses', reads: [read] });
}

export async function benchGateway(options: GatewayOptions): Promise<GatewayFigures> {
  const { infra, ferretdb } = await benchServers('bench');
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} for this benchmark (default 300)`);
  say(
    `load: autocannon, ${options.connectionCounts.join(' then ')} connections, ` +
      `${options.rounds} alternating rounds of ${options.seconds} s per side, ` +
      `each phase after ${options.warmupSeconds} s of warm-up per side`,
  );
  const stack = await startStack(['inventory', 'webhooks'], { gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT } });
  stopOnInterrupt(stack);
  const machine = watchMachine();
  const refusals = new Refusals();
  const comparisons: Comparison[] = [];
  try {
    const { orgId, adminKey } = stack.bootstrapOrg('Bench Org');
    for (const route of ROUTES.filter((r) => !options.paths || options.paths.includes(r.path))) {
      say('');
      say(`##### GET ${route.path} (${route.service})`);
      const viaGateway = { url: `${stack.gatewayUrl}${route.path}`, headers: { authorization: `Bearer ${adminKey}` } };
      // The identity the gateway would sign (valid 60 s, so signed afresh for each phase).
      const direct = () => ({
        url: `${stack.services[route.service]!.url}${route.path}`,
        headers: {
          'x-stockyard-identity': signIdentity(
            { orgId, keyId: 'bench', permissions: [route.permission] },
            TEST_IDENTITY_SECRET,
          ),
        },
      });
      const meter = cpuMeter({
        'load generator': process.pid,
        gateway: stack.services.gateway!.pid,
        [route.service]: stack.services[route.service]!.pid,
        ferretdb,
      });
      const check = await fetch(viaGateway.url, { headers: viaGateway.headers });
      if (check.status !== 200) throw new Error(`gateway answered ${check.status}: ${await check.text()}`);
      await probeReads(options, route, stack.databases[route.service]!, orgId);
      for (const connections of options.connectionCounts) {
        const figures = await compare(options, connections, viaGateway, direct, { meter, refusals });
        comparisons.push({ path: route.path, connections, ...figures });
      }
    }
    return { comparisons, refusals };
  } finally {
    say('');
    say(machine.end());
    stopOnInterrupt(undefined);
    await stack.destroy();
  }
}
