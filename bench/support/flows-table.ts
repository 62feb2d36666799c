/**
 * The table `bench:flows` ends with, in markdown so it can be pasted into bench/README.md: each row a
 * flow's figure, its CPU per operation by process and in all, the store floor's CPU for the same
 * operation, and the multiple of it. The load generator (the benchmark's own process) is left out of
 * the CPU: it is the partner, not the system; each section above prints it.
 */
import type { Floor } from '../store-floor';

export interface FlowRow {
  benchmark: string;
  measured: string;
  /** CPU ms per operation by process (a 'load generator' entry is left out). */
  cpuMsPerOp: Record<string, number>;
  floor: Floor | undefined;
  goal: string;
  /** Answers not 2xx in the flow, or the statuses seen. */
  answers: string;
}

/** Milliseconds with the digits a figure's size warrants. */
export const msText = (n: number): string =>
  !Number.isFinite(n) ? '—' : n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n >= 1 ? n.toFixed(2) : n.toFixed(3);

const systemCpu = (cpu: Record<string, number>) => Object.entries(cpu).filter(([name]) => name !== 'load generator');

const totalCpu = (cpu: Record<string, number>) => systemCpu(cpu).reduce((sum, [, ms]) => sum + ms, 0);

function cells(row: FlowRow): string[] {
  const byProcess = systemCpu(row.cpuMsPerOp)
    .sort(([, a], [, b]) => b - a)
    .map(([name, ms]) => `${name} ${msText(ms)}`)
    .join(', ');
  const total = totalCpu(row.cpuMsPerOp);
  const floor = row.floor;
  const floorText = floor
    ? `${msText(floor.totalCpuMsPerUnit)} (FerretDB ${msText(floor.cpuMsPerUnit.ferretdb ?? NaN)}, ` +
      `driver ${msText(floor.cpuMsPerUnit.floor ?? NaN)}; ${Number(floor.documents.toPrecision(3))} documents)`
    : '—';
  const multiple = floor && floor.totalCpuMsPerUnit > 0 ? `**${(total / floor.totalCpuMsPerUnit).toFixed(1)}×**` : '—';
  return [row.benchmark, row.measured, byProcess, `**${msText(total)}**`, floorText, multiple, row.goal, row.answers];
}

/** The table: `before` and `after` are rows of the run's context (load averages, the store's other work). */
export function flowsTable(rows: FlowRow[], before: [string, string][], after: [string, string][]): string[] {
  const head = [
    'benchmark',
    'measured',
    'CPU ms per op, by process',
    'CPU ms per op, all',
    'store floor, CPU ms per op',
    'multiple of the floor',
    'goal',
    'non-2xx',
  ];
  const line = (values: string[]) => `| ${values.join(' | ')} |`;
  const context = ([label, value]: [string, string]) => line([label, value, ...head.slice(2).map(() => '')]);
  return [
    line(head),
    line(head.map(() => '---')),
    ...before.map(context),
    ...rows.map((row) => line(cells(row))),
    ...after.map(context),
  ];
}
