/**
 * bench:reports' timing: each report query read one at a time on one kept-alive connection (node:http,
 * which waits as long as the answer takes: fetch gives up on headers after 300 s), after one read
 * that is not timed, printed apart: on the local FerretDB it builds the list form of an index the
 * query is the first to use (40–70 s over millions of entries, once: MongoDB keeps its indexes with
 * every write, and the seed wrote around them). A query whose timed reads take over SLOW_MS stops
 * after SLOW_READS of them. Each line says what the query's filter matches on the store.
 */
import http from 'node:http';
import type { cpuMeter } from '../machine';
import { ms, pct, say } from './figures';
import type { Refusals } from './refusals';

const SLOW_MS = 60_000;
const SLOW_READS = 3;
const GOAL_MS = 2_000;

export interface ReportQuery {
  /** Path and query under /api/v1. */
  path: string;
  /** What the query's filter matches, counted straight on the store (its time printed beside it). */
  matched: () => Promise<string>;
}

export interface ReportFigures {
  path: string;
  reads: number;
  p50: number;
  p99: number;
  statuses: Record<number, number>;
}

interface ReportRun {
  /** The gateway's /api/v1 address. */
  url: string;
  key: string;
  reads: number;
  meter: ReturnType<typeof cpuMeter>;
  refusals: Refusals;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string, key: string): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The answer's `total` (groups or rows), when it has one. */
function totalOf(body: string): string {
  try {
    const total = (JSON.parse(body) as { total?: unknown }).total;
    return typeof total === 'number' ? `, answer total ${total}` : '';
  } catch {
    return '';
  }
}

async function timeQuery(run: ReportRun, query: ReportQuery): Promise<ReportFigures> {
  const statuses: Record<number, number> = {};
  let answerTotal = '';
  const read = async () => {
    const answer = await get(`${run.url}${query.path}`, run.key);
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    run.refusals.note(`GET ${query.path}`, answer.status, answer.body);
    if (answer.status < 300) answerTotal = totalOf(answer.body);
    return answer.ms;
  };
  const first = await read();
  const timed = run.meter.start();
  const latencies: number[] = [];
  while (latencies.length < run.reads) {
    if (latencies.length >= SLOW_READS && Math.max(...latencies) > SLOW_MS) break;
    latencies.push(await read());
  }
  const used = timed.stop();
  latencies.sort((a, b) => a - b);
  const p50 = pct(latencies, 50);
  const p99 = pct(latencies, 99);
  const counted = performance.now();
  const matched = await query.matched();
  const countMs = performance.now() - counted;
  const cpu = Object.entries(used).map(([name, cpuMs]) => `${name} ${(cpuMs / latencies.length).toFixed(0)}`);
  const stopped = latencies.length < run.reads ? `, stopped after ${latencies.length}: a read took over 60 s` : '';
  say(
    `GET ${query.path}: p50 ${ms(p50)}, p99 ${ms(p99)} (${latencies.length} reads${stopped}); ` +
      `first read, untimed, ${ms(first)}; ` +
      `statuses ${JSON.stringify(statuses)}${answerTotal}; goal p99 < 2 s: ${p99 < GOAL_MS ? 'met' : 'MISSED'}`,
  );
  say(`  matches ${matched} (counted straight on the store in ${ms(countMs)}); CPU ms per read: ${cpu.join(', ')}`);
  return { path: query.path, reads: latencies.length, p50, p99, statuses };
}

/** Every query timed in turn, its lines printed as it ends. */
export async function timeReports(run: ReportRun, queries: readonly ReportQuery[]): Promise<ReportFigures[]> {
  say(
    `each query once untimed (it builds the local store's list forms the query is the first to use), then ` +
      `${run.reads} reads one after the other on one connection (a query stops after ${SLOW_READS} once one ` +
      `takes over 60 s); p50 / p99 through the gateway's own port`,
  );
  const figures: ReportFigures[] = [];
  for (const query of queries) figures.push(await timeQuery(run, query));
  agent.destroy();
  return figures;
}
