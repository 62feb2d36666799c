/** The list half of bench:orders and bench:purchasing: each query timed through the gateway, one at a time. */
import { DEFAULT_LIMIT } from '@stockyard/contracts';
import type { cpuMeter } from '../machine';
import type { PageRead } from './flow-probe';
import { pct, say } from './figures';
import type { Refusals } from './refusals';

export interface ListFigures {
  query: string;
  p50: number;
  p99: number;
  total: number;
  statuses: number[];
  /** Answers not 2xx among them. */
  refused: number;
  /** CPU ms per read by process, over the timed reads. */
  cpuMsPerRead: Record<string, number>;
}

interface ListRun {
  url: string;
  headers: Record<string, string>;
  queries: string[];
  reads: number;
  meter: ReturnType<typeof cpuMeter>;
  refusals: Refusals;
  /** The line printed for a query's figures. */
  line: (query: string, figures: ListFigures) => string;
}

async function timeQuery(run: ListRun, query: string): Promise<ListFigures> {
  const latencies: number[] = [];
  const statuses = new Set<number>();
  let refused = 0;
  let total = 0;
  const call = async () => {
    const t = performance.now();
    const res = await fetch(`${run.url}${query}`, { headers: run.headers });
    const text = await res.text();
    latencies.push(performance.now() - t);
    statuses.add(res.status);
    if (!res.ok) refused++;
    run.refusals.note(`GET ${new URL(run.url).pathname}${query}`, res.status, text);
    total = (res.ok ? (JSON.parse(text) as { total?: number }).total : undefined) ?? 0;
  };
  await call();
  latencies.length = 0;
  const cpu = run.meter.start();
  for (let i = 0; i < run.reads; i++) await call();
  const used = cpu.stop();
  latencies.sort((a, b) => a - b);
  const cpuMsPerRead = Object.fromEntries(Object.entries(used).map(([name, ms]) => [name, ms / run.reads]));
  return {
    query,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    total,
    statuses: [...statuses],
    refused,
    cpuMsPerRead,
  };
}

export async function listReads(run: ListRun): Promise<ListFigures[]> {
  say('each query is sent once before it is timed (the first use of an index builds its list form on FerretDB)');
  const figures: ListFigures[] = [];
  for (const query of run.queries) {
    const f = await timeQuery(run, query);
    say(run.line(query, f));
    figures.push(f);
  }
  return figures;
}

/** Each query's page read straight for the floor: as many rows as its answer's page held (one at least). */
export function pageReads(
  queries: { query: string; filter: Record<string, unknown> }[],
  figures: ListFigures[],
  sort: Record<string, 1 | -1>,
): PageRead[] {
  return queries.map((q, k) => ({ ...q, sort, limit: Math.max(1, Math.min(figures[k]?.total ?? 0, DEFAULT_LIMIT)) }));
}
