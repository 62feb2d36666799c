import { Router, type Request, type Response } from 'express';

export type ReadinessCheck = () => Promise<void>;

/** What the process is doing, as its probes tell it: draining from the first SIGTERM on. */
export const processState = { draining: false };

export interface ProbeChecks {
  /** Each must pass for /readyz to answer 200 (the database, the broker). */
  required: Record<string, ReadinessCheck>;
  /** Reported by /readyz but never failing it (a cache the process runs on without). */
  advisory?: Record<string, () => string>;
}

const CHECK_TIMEOUT_MS = 3000;

/** A check's outcome: `ok`, or why not. A hung dependency fails the probe rather than hanging it. */
async function outcome(check: ReadinessCheck): Promise<string> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS).unref(),
  );
  return Promise.race([check(), timeout]).then(
    () => 'ok',
    (err: Error) => `failing: ${err.message}`,
  );
}

/**
 * The probes an orchestrator asks: `/livez` (the process answers its event loop; restart it
 * when not), `/readyz` (its dependencies answer and it is not draining; send it no traffic when
 * not) and `/healthz` (the former name of `/livez`, kept for callers of it). Readiness turns
 * false at SIGTERM, before the listener closes, so endpoints drop the pod while it still serves.
 */
export function probeRoutes({ required, advisory = {} }: ProbeChecks): Router {
  const router = Router();
  const live = (_req: Request, res: Response) => {
    res.json({ status: 'ok' });
  };
  router.get('/livez', live);
  router.get('/healthz', live);
  router.get('/readyz', async (_req, res) => {
    const checks: Record<string, string> = {};
    await Promise.all(Object.entries(required).map(async ([name, check]) => (checks[name] = await outcome(check))));
    const failing = Object.values(checks).some((c) => c !== 'ok');
    for (const [name, status] of Object.entries(advisory)) checks[name] = status();
    const ready = !failing && !processState.draining;
    res.status(ready ? 200 : 503).json({
      status: processState.draining ? 'draining' : ready ? 'ready' : 'not_ready',
      checks,
    });
  });
  return router;
}
