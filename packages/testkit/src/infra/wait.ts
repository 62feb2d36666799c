import net from 'node:net';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Retries `attempt` until it resolves or `timeoutMs` passes. Throws an Error naming `what`
 * and the last failure. An attempt may throw `StopWaiting` to give up at once.
 */
export async function waitUntil(
  what: string,
  attempt: () => Promise<void>,
  { timeoutMs, intervalMs = 500 }: { timeoutMs: number; intervalMs?: number },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await attempt();
      return;
    } catch (err) {
      if (err instanceof StopWaiting) throw err;
      if (Date.now() + intervalMs > deadline) {
        throw new Error(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s: ${errorMessage(err)}`);
      }
    }
    await sleep(intervalMs);
  }
}

export class StopWaiting extends Error {}

/** Rejects after `ms`; `onLate` receives the value if the promise settles afterwards (to close it). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string, onLate?: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      reject(new Error(`${what} timed out after ${ms} ms`));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        if (timedOut) onLate?.(value);
        else resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        if (!timedOut) reject(err);
      },
    );
  });
}

/** True when something accepts TCP connections on host:port. */
export function portOpen(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
