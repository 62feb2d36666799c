import { Agent } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { ServiceName } from '@stockyard/contracts';
import type { Logger } from '@stockyard/service-kit';

const envelope = (res: Response, status: number, code: string, message: string, requestId: string) => {
  if (res.headersSent) return res.end();
  res.status(status).json({ error: { code, message, requestId } });
};

/** One pooled, kept-alive proxy per upstream service. */
export function createProxies(targets: Record<Exclude<ServiceName, 'gateway'>, string>, timeoutMs: number, logger: Logger) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 });
  const proxies = new Map<ServiceName, RequestHandler>();
  for (const [service, target] of Object.entries(targets)) {
    const proxy = createProxyMiddleware<Request, Response>({
      target,
      agent,
      xfwd: true,
      proxyTimeout: timeoutMs,
      on: {
        error: (err, req, res) => {
          const code = (err as NodeJS.ErrnoException).code;
          // http-proxy reports its own proxyTimeout as a plain socket hang-up: tell by the clock.
          const elapsed = Date.now() - Number((res as Response).locals?.proxyStartedAt ?? Date.now());
          const timedOut = code === 'ETIMEDOUT' || elapsed >= timeoutMs;
          logger.warn({ service, code, err: err.message, requestId: (req as Request).requestId }, 'upstream error');
          if (!('status' in res)) return;
          if (timedOut) envelope(res as Response, 504, 'upstream_timeout', `The ${service} service did not answer in time`, (req as Request).requestId);
          else envelope(res as Response, 503, 'upstream_unavailable', `The ${service} service is unavailable`, (req as Request).requestId);
        },
      },
    });
    proxies.set(service as ServiceName, proxy as unknown as RequestHandler);
  }
  return proxies;
}
