/**
 * What the machine was like while a benchmark ran, printed beside its figures: on a shared
 * VM the same code gives different figures when the host is busy. Two readings:
 * - steal: the share of time the hypervisor ran someone else while ours waited
 *   (/proc/stat; Linux only, otherwise not shown);
 * - a fixed loop's CPU time, before and after: CPU per request is only comparable between
 *   runs whose loop took about as long (a busy host slows every instruction, not just the
 *   ones it steals).
 */
import fs from 'node:fs';

const LOOP_ITERATIONS = 3e8;

/** CPU milliseconds one fixed arithmetic loop takes on this machine now. */
export function loopCpuMs(): number {
  const started = process.cpuUsage();
  let sum = 0;
  for (let i = 0; i < LOOP_ITERATIONS; i++) sum += i % 7;
  const used = process.cpuUsage(started);
  if (sum < 0) throw new Error('unreachable'); // keeps the loop from being optimized away
  return (used.user + used.system) / 1000;
}

interface CpuTimes {
  total: number;
  steal: number;
}

function cpuTimes(): CpuTimes | undefined {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already in user)
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { total, steal: fields[7] ?? 0 };
  } catch {
    return undefined;
  }
}

/** Starts watching; `end()` answers a line to print. */
export function watchMachine() {
  const loopBefore = loopCpuMs();
  const before = cpuTimes();
  return {
    end(): string {
      const after = cpuTimes();
      const loopAfter = loopCpuMs();
      const steal =
        before && after && after.total > before.total
          ? `${((100 * (after.steal - before.steal)) / (after.total - before.total)).toFixed(1)}% ` +
            `steal during the run; `
          : '';
      return (
        `machine: ${steal}a fixed loop took ${loopBefore.toFixed(0)} ms of CPU before ` +
        `and ${loopAfter.toFixed(0)} ms after`
      );
    },
  };
}

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ; Linux has used 100 on every mainstream architecture

/** A process's user + system CPU so far, in ms (/proc/<pid>/stat), or undefined where unreadable. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * CPU time of named processes over a stretch of work: `start()` then `stop()` answers
 * each one's CPU ms (names whose /proc entry cannot be read are left out).
 */
export function cpuMeter(pids: Record<string, number | undefined>) {
  const read = () =>
    Object.fromEntries(
      Object.entries(pids).map(([name, pid]) => [name, pid === undefined ? undefined : processCpuMs(pid)]),
    );
  return {
    start() {
      const before = read();
      return {
        stop(): Record<string, number> {
          const after = read();
          const used: Record<string, number> = {};
          for (const name of Object.keys(pids)) {
            const [b, a] = [before[name], after[name]];
            if (b !== undefined && a !== undefined) used[name] = a - b;
          }
          return used;
        },
      };
    },
  };
}

/** Runs a benchmark script's main and exits: 0 when it resolves, 1 with the error's stack otherwise. */
export function runScript(main: () => Promise<unknown>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
