/**
 * The hostile caller of `bench:auth-flood`, in a process of its own so its event loop does
 * not delay the valid caller's timings: `concurrency` connections from `localAddress`, each
 * sending one request after the other, every one with a fresh wrong secret (a correct
 * checksum, so each reaches key verification) for one of `keyIds`, for `seconds`. Prints one
 * JSON line: the answers' status counts and latencies. It prints `ready` once loaded and
 * starts on a line on stdin, so its start-up (tsx compiling) is not part of the flood.
 * Usage: node --import tsx bench/support/auth-flooder.ts '<json FloodPlan>'
 */
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { formatKey } from '../../services/gateway/src/domain/api-key-format';

export interface FloodPlan {
  url: string;
  keyIds: string[];
  concurrency: number;
  seconds: number;
  localAddress: string;
}

export interface FloodResult {
  requests: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const wrongSecret = () => [...randomBytes(32)].map((b) => BASE62[b % 62]).join('');

async function flood(plan: FloodPlan): Promise<FloodResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: plan.concurrency, localAddress: plan.localAddress });
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  const deadline = performance.now() + plan.seconds * 1000;
  const once = (token: string) =>
    new Promise<string>((resolve) => {
      request(plan.url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) =>
        res.resume().on('end', () => resolve(String(res.statusCode))),
      )
        .on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'))
        .end();
    });
  const worker = async () => {
    while (performance.now() < deadline) {
      const keyId = plan.keyIds[Math.floor(Math.random() * plan.keyIds.length)]!;
      const started = performance.now();
      const status = await once(formatKey('admin', keyId, wrongSecret()));
      latencies.push(performance.now() - started);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: plan.concurrency }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { requests: latencies.length, statuses, p50: at(0.5), p99: at(0.99) };
}

if (require.main === module) {
  process.stdout.write('ready\n');
  new Promise((resolve) => process.stdin.once('data', resolve))
    .then(() => flood(JSON.parse(process.argv[2]!) as FloodPlan))
    .then(
      (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
      (err: Error) => {
        process.stderr.write(`${err.stack ?? err.message}\n`);
        process.exit(1);
      },
    );
}
