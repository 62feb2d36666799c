/**
 * `npm run bench:auth-flood`: what a flood of wrong secrets costs everybody else. A valid
 * caller (its key verified beforehand, as a partner's key in use is) sends an authenticated
 * GET through the gateway at a fixed rate (open loop) in four phases of one run: quiet, a
 * flood of distinct wrong secrets for one known key id, quiet again, a flood spread over many
 * key ids (known ones and unknown ones). The flooder is another process on another loopback
 * address (127.0.0.2, another client). During each flood two first requests are timed: a new
 * key's (not flooded) and the flooded key's real holder's. Prints the valid caller's p50/p99
 * per phase side by side, the flooder's status counts, and each process's CPU. Everything on
 * 127.0.0.1, an isolated stack, bounded in time; a script that prints figures, not a test.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { ensureInfra, ferretDbPid, infraVariables, REPO_ROOT, type Stack, startStack } from '@stockyard/testkit';
import type { FloodPlan, FloodResult } from './support/auth-flooder';
import { cpuMeter, runScript, watchMachine } from './machine';
import { say, sleep } from './support/figures';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The valid caller's requests per second, sent on schedule whether or not earlier ones answered. */
const RATE = Number(process.env.BENCH_RATE ?? 100);
const FLOOD_CONCURRENCY = Number(process.env.BENCH_FLOOD_CONCURRENCY ?? 100);
/** Known keys the spread flood aims at, besides as many unknown key ids. */
const SPREAD_KEYS = 20;
const FLOODER_ADDRESS = '127.0.0.2';
/** The gateway's per-key default is 300/min; a benchmark must lift it, and says so. */
const RATE_LIMIT = '1000000000';
const ROUTE = '/api/v1/webhooks/events';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const unknownKeyId = () => [...randomBytes(12)].map((b) => BASE62[b % 62]).join('');

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function get(url: string, key: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { agent, headers: { authorization: `Bearer ${key}` } }, (res) =>
      res.resume().on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - started })),
    )
      .on('error', reject)
      .end();
  });
}

interface Steady {
  p50: number;
  p99: number;
  max: number;
  requests: number;
  failed: number;
}

/** The valid caller: RATE requests per second for `seconds`, each timed from when it was sent. */
async function steadyCaller(url: string, key: string, seconds: number): Promise<Steady> {
  const pending: Promise<{ status: number; ms: number }>[] = [];
  const started = performance.now();
  for (let i = 0; i < RATE * seconds; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(get(url, key));
  }
  const results = await Promise.all(pending);
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!;
  return {
    p50: at(0.5),
    p99: at(0.99),
    max: ms[ms.length - 1]!,
    requests: ms.length,
    failed: results.filter((r) => r.status !== 200).length,
  };
}

/** Starts the flooder process; `go()` starts its flood and answers its figures when it ends. */
async function loadFlooder(plan: FloodPlan): Promise<{ go: () => Promise<FloodResult> }> {
  const script = path.join(REPO_ROOT, 'bench/support/auth-flooder.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(plan)], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  const ended = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`flooder exited with ${code}`))));
  });
  await new Promise<void>((resolve) => {
    const ready = () => output.startsWith('ready\n') && (child.stdout.off('data', ready), resolve());
    child.stdout.on('data', ready);
  });
  return {
    go: async () => {
      child.stdin.end('go\n');
      const lines = (await ended).trim().split('\n');
      return JSON.parse(lines[lines.length - 1]!) as FloodResult;
    },
  };
}

interface CreatedKey {
  id: string;
  key: string;
}

async function createKey(stack: Stack, adminKey: string, name: string): Promise<CreatedKey> {
  const res = await fetch(`${stack.gatewayUrl}/api/v1/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, scopes: ['webhooks.manage'] }),
  });
  if (res.status !== 201) throw new Error(`creating a key answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as CreatedKey;
}

interface PhaseResult {
  name: string;
  valid: Steady;
  flood?: FloodResult;
  probes: string[];
  cpu: Record<string, number>;
}

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench' });
  say(`servers: ${infra.mode}; gateway RATE_LIMIT_PER_MINUTE raised to ${RATE_LIMIT} for this benchmark (default 300)`);
  say(
    `valid caller: GET ${ROUTE}, ${RATE}/s open loop from 127.0.0.1; flooder: ${FLOOD_CONCURRENCY} connections ` +
      `from ${FLOODER_ADDRESS}, a new wrong secret per request; ${SECONDS} s per phase`,
  );
  const stack = await startStack(['webhooks'], { gateway: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT } });
  const machine = watchMachine();
  try {
    const { adminKey } = stack.bootstrapOrg('Bench Org');
    const url = `${stack.gatewayUrl}${ROUTE}`;
    const valid = await createKey(stack, adminKey, 'valid caller');
    const flooded = await createKey(stack, adminKey, 'flooded key');
    const spread = await Promise.all(
      Array.from({ length: SPREAD_KEYS }, (_, i) => createKey(stack, adminKey, `k${i}`)),
    );
    const meter = cpuMeter({
      'valid caller': process.pid,
      gateway: stack.services.gateway!.pid,
      webhooks: stack.services.webhooks!.pid,
      ferretdb: infra.mode === 'local' ? ferretDbPid() : undefined,
    });
    await steadyCaller(url, valid.key, 3); // warm-up; also verifies the valid caller's key

    const phase = async (name: string, targets?: string[], holder?: CreatedKey): Promise<PhaseResult> => {
      const fresh = await createKey(stack, adminKey, `new key (${name})`);
      const flooder = targets
        ? await loadFlooder({
            url,
            keyIds: targets,
            concurrency: FLOOD_CONCURRENCY,
            seconds: SECONDS,
            localAddress: FLOODER_ADDRESS,
          })
        : undefined;
      const measuring = meter.start();
      const flooding = flooder?.go();
      const probes: Promise<string>[] = [];
      if (flooding) {
        const probe = (label: string, key: string, afterMs: number) =>
          sleep(afterMs)
            .then(() => get(url, key))
            .then((r) => `${label}: ${r.status} in ${r.ms.toFixed(0)} ms`);
        probes.push(probe("a new key's first request", fresh.key, 2000));
        if (holder) probes.push(probe("the flooded key's holder's first request", holder.key, 3000));
      }
      const [steady, flood, probed] = await Promise.all([
        steadyCaller(url, valid.key, SECONDS),
        flooding,
        Promise.all(probes),
      ]);
      const cpuMs = measuring.stop();
      const cpu = Object.fromEntries(Object.entries(cpuMs).map(([p, used]) => [p, used / SECONDS]));
      return { name, valid: steady, flood, probes: probed, cpu };
    };

    const spreadTargets = [...spread.map((k) => k.id), ...Array.from({ length: SPREAD_KEYS }, unknownKeyId)];
    const results = [
      await phase('quiet'),
      await phase('flood, one key id', [flooded.id], flooded),
      await phase('quiet again'),
      await phase('flood, many key ids', spreadTargets, spread[0]),
    ];
    report(results);
  } finally {
    say('');
    say(machine.end());
    await stack.destroy();
  }
}

function report(results: PhaseResult[]) {
  const f = (n: number) => n.toFixed(2).padStart(8);
  say('');
  say(`${'phase'.padEnd(22)} valid caller:   p50 ms   p99 ms   max ms  non-200   flooder`);
  for (const r of results) {
    const flood = r.flood
      ? `${r.flood.requests} requests (${(r.flood.requests / SECONDS).toFixed(0)}/s), statuses ` +
        `${JSON.stringify(r.flood.statuses)}, p50 ${r.flood.p50.toFixed(0)} ms p99 ${r.flood.p99.toFixed(0)} ms`
      : '-';
    say(
      `${r.name.padEnd(22)} ${' '.repeat(13)}${f(r.valid.p50)} ${f(r.valid.p99)} ${f(r.valid.max)} ` +
        `${String(r.valid.failed).padStart(8)}   ${flood}`,
    );
  }
  say('');
  for (const r of results) {
    const cpu = Object.entries(r.cpu).map(([p, ms]) => `${p} ${ms.toFixed(0)}`);
    say(`${r.name.padEnd(22)} CPU ms per second: ${cpu.join(', ')}`);
    for (const line of r.probes) say(`${' '.repeat(23)}${line}`);
  }
}

runScript(main);
