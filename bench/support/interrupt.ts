/**
 * Ctrl-C during a benchmark stops what it started before the process exits: the stack it runs on (its
 * databases are dropped), then anything else registered (bench:flows' own FerretDB).
 */
import type { Stack } from '@stockyard/testkit';

let running: Stack | undefined;
const cleanups: (() => Promise<void>)[] = [];
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  process.once('SIGINT', () => {
    void (async () => {
      await running?.destroy().catch(() => undefined);
      for (const cleanup of cleanups) await cleanup().catch(() => undefined);
      process.exit(130);
    })();
  });
}

/** The stack a SIGINT should stop now; undefined once it is stopped. */
export function stopOnInterrupt(stack: Stack | undefined): void {
  running = stack;
  install();
}

/** Something else a SIGINT should stop, after the stack. */
export function alsoOnInterrupt(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
  install();
}
