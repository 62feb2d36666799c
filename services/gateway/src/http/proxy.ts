import { Agent } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { ServiceName } from '@stockyard/contracts';
import type { Logger } from '@stockyard/service-kit';

const envelope = (res: Response, status: number, code: string, message: string, requestId: string) => {
  if (res.headersSent) return res.end();
  res.status(status).json({ error: { code, message, requestId } });
};

/** An upstream failure as the partner sees it: always an envelope, never a hang or an HTML page. */
function answerUpstreamError(service: string, err: NodeJS.ErrnoException, req: Request, res: Response, timeoutMs: number, logger: Logger) {
  const { requestId } = req;
  if (res.locals.bodyTooLarge) {
    // The body counter cut the upstream request short (see body-limit.ts).
    logger.info({ service, requestId }, 'request body too large');
    res.setHeader('Connection', 'close');
    return envelope(res, 413, 'payload_too_large', 'Request body is too large', requestId);
  }
  // http-proxy reports its own proxyTimeout as a plain socket hang-up: tell by the clock.
  const elapsed = Date.now() - Number(res.locals.proxyStartedAt ?? Date.now());
  const timedOut = err.code === 'ETIMEDOUT' || elapsed >= timeoutMs;
  logger.warn({ service, code: err.code, err: err.message, requestId }, 'upstream error');
  if (timedOut) return envelope(res, 504, 'upstream_timeout', `The ${service} service did not answer in time`, requestId);
  return envelope(res, 503, 'upstream_unavailable', `The ${service} service is unavailable`, requestId);
}

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
          if ('status' in res) answerUpstreamError(service, err as NodeJS.ErrnoException, req as Request, res as Response, timeoutMs, logger);
        },
      },
    });
    proxies.set(service as ServiceName, proxy as unknown as RequestHandler);
  }
  return proxies;
}
