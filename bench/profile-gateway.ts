/**
 * `npm run profile:gateway`: where the gateway's time goes on the proxied path. Starts the
 * gateway and the webhooks service (as bench:gateway does, rate limit raised), loads GET
 * /api/v1/webhooks/events through the gateway with autocannon, and takes a V8 CPU profile
 * of the gateway during the measured stretch. Prints requests/s, each process's CPU per
 * request, and the profile's busy time by package and by function; the .cpuprofile itself
 * is kept under .stockyard/profiles/ for Chrome DevTools or speedscope.
 *
 * The profiler samples wall time on the main thread: time inside a socket write includes
 * time the process waited for a CPU after the write woke its peer, so `perf record -p
 * <gateway pid>` is the better judge of kernel cost. A script for investigation, not a test.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureInfra, infraVariables, startStack, STATE_DIR } from '@stockyard/testkit';
import { cpuMeter, runScript } from './machine';
import { say, sleep } from './support/figures';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PROFILE_DIR = path.join(STATE_DIR, 'profiles');
const HOOK = path.join(__dirname, 'support', 'profiler-hook.mjs');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

/** Which package (or `node:` module, or our file) a frame belongs to. */
function owner({ url, functionName }: ProfileNode['callFrame']): string {
  if (!url) return functionName.startsWith('(') ? functionName : `native ${functionName}`;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  if (!url.includes('/')) return "wasm (undici's HTTP parser)";
  const inModules = url.split('node_modules/').pop()!;
  if (inModules !== url)
    return inModules.startsWith('@') ? inModules.split('/').slice(0, 2).join('/') : inModules.split('/')[0]!;
  return `ours ${path.basename(url)}`;
}

function summarize(profile: Profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    busy++;
    const who = owner(frame);
    byOwner.set(who, (byOwner.get(who) ?? 0) + 1);
    const fn = `${frame.functionName || '(anonymous)'} ${who}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + 1);
  }
  const top = (counts: Map<string, number>, n: number) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, count]) => `  ${((100 * count) / busy).toFixed(1).padStart(5)}%  ${name}`);
  say(`busy samples by package (self time, ${busy} samples):`);
  top(byOwner, 20).forEach(say);
  say('busy samples by function (self time):');
  top(byFunction, 25).forEach(say);
}

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench' });
  fs.mkdirSync(PROFILE_DIR, { recursive: true });
  const stack = await startStack(['webhooks'], {
    gateway: { RATE_LIMIT_PER_MINUTE: '1000000000', NODE_OPTIONS: `--import ${HOOK}`, PROFILE_DIR },
  });
  try {
    const gatewayPid = stack.services.gateway!.pid!;
    const { adminKey } = stack.bootstrapOrg('Profile Org');
    const url = `${stack.gatewayUrl}/api/v1/webhooks/events`;
    const headers = { authorization: `Bearer ${adminKey}` };
    say(
      `GET ${url} through the gateway, ${CONNECTIONS} connections, ` +
        `3 s warm-up then ${SECONDS} s profiled (rate limit raised to 10^9)`,
    );
    await autocannon({ url, headers, connections: CONNECTIONS, duration: 3 });
    const before = new Set(fs.readdirSync(PROFILE_DIR));
    const meter = cpuMeter({
      'load generator': process.pid,
      gateway: gatewayPid,
      webhooks: stack.services.webhooks!.pid,
    }).start();
    process.kill(gatewayPid, 'SIGUSR2');
    const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
    process.kill(gatewayPid, 'SIGUSR2');
    const used = meter.stop();
    const perRequest = Object.entries(used)
      .map(([name, ms]) => `${name} ${((ms * 1000) / result.requests.total).toFixed(0)}`)
      .join(', ');
    say(
      `${result.requests.average.toFixed(0)} req/s, non-2xx ${result.non2xx}; ` +
        `CPU µs/request (profiler running): ${perRequest}`,
    );
    let written: string | undefined;
    for (let i = 0; i < 50 && !written; i++, await sleep(100))
      written = fs.readdirSync(PROFILE_DIR).find((f) => !before.has(f));
    if (!written) throw new Error('the gateway wrote no profile');
    say(`profile: ${path.join(PROFILE_DIR, written)}`);
    summarize(JSON.parse(fs.readFileSync(path.join(PROFILE_DIR, written), 'utf8')) as Profile);
  } finally {
    await stack.destroy();
  }
}

runScript(main);
