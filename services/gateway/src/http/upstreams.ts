import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { Pool } from 'undici';
import type { ServiceName } from '@stockyard/contracts';
import { AppError } from '@stockyard/service-kit';

export type UpstreamName = Exclude<ServiceName, 'gateway'>;

/** Headers that describe one connection, not the message: never forwarded either way. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host', 'expect']);

export interface UpstreamLimits {
  /** Sockets per service; requests beyond it wait in the pool for one. */
  connections: number;
  /**
   * Requests allowed to wait for a socket; past it the gateway answers 503 upstream_busy
   * at once. Without the bound an overloaded service would see requests arrive after a
   * long wait, with an identity signed before it (services refuse identities over 60 s).
   */
  maxQueued: number;
}

export interface Forward {
  /** The request as the client sent it (its method, URL and end-to-end headers are kept). */
  req: IncomingMessage;
  res: ServerResponse;
  /** Set last, over whatever the client sent (identity, request id). */
  headers: Record<string, string>;
  /** The body to send, or null when the request has none. */
  body: Readable | null;
}

/**
 * The pooled, kept-alive connections to each service (undici: a pool per origin, no
 * per-request socket or agent bookkeeping). A request is streamed both ways, never
 * buffered; upstream failures become AppErrors the caller turns into envelopes.
 */
export class Upstreams {
  private readonly pools = new Map<UpstreamName, Pool>();

  constructor(
    targets: Record<UpstreamName, string>,
    private readonly timeoutMs: number,
    private readonly limits: UpstreamLimits = { connections: 128, maxQueued: 512 },
  ) {
    for (const [service, url] of Object.entries(targets) as [UpstreamName, string][]) {
      this.pools.set(service, new Pool(url, { connections: limits.connections, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, connectTimeout: Math.min(timeoutMs, 10_000) }));
    }
  }

  /**
   * Resolves when the response has been streamed to the client; rejects (before anything
   * was written) with 503 upstream_unavailable or upstream_busy, 504 upstream_timeout, or
   * with the error that cut the request body short.
   */
  forward(service: UpstreamName, { req, res, headers, body }: Forward): Promise<void> {
    const pool = this.pools.get(service)!;
    if (pool.stats.queued >= this.limits.maxQueued) {
      return Promise.reject(
        new AppError('unavailable', `The ${service} service is busy; retry in a moment`, 'upstream_busy', undefined, { 'Retry-After': '1' }),
      );
    }
    const outgoing = forwardedHeaders(req, headers);
    return new Promise((resolve, reject) => {
      pool.stream(
        { path: req.url!, method: req.method as 'GET', headers: outgoing, body },
        ({ statusCode, headers: answer }) => {
          res.writeHead(statusCode, responseHeaders(answer));
          return res;
        },
        (err) => {
          if (!err) return resolve();
          if (res.headersSent) {
            // Mid-body: nothing honest can be added to a response already under way.
            res.destroy(err);
            return resolve();
          }
          reject(err instanceof AppError ? err : this.asAppError(service, err as NodeJS.ErrnoException));
        },
      );
    });
  }

  close(): Promise<unknown> {
    return Promise.all([...this.pools.values()].map((pool) => pool.close()));
  }

  private asAppError(service: UpstreamName, err: NodeJS.ErrnoException): AppError {
    if (err.code === 'UND_ERR_HEADERS_TIMEOUT' || err.code === 'UND_ERR_BODY_TIMEOUT') {
      return new AppError('gateway_timeout', `The ${service} service did not answer within ${this.timeoutMs} ms`, 'upstream_timeout');
    }
    return new AppError('unavailable', `The ${service} service is unavailable`, 'upstream_unavailable');
  }
}

function forwardedHeaders(req: IncomingMessage, extra: Record<string, string>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const incoming = req.headers;
  for (const name in incoming) {
    const value = incoming[name];
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  const client = req.socket.remoteAddress ?? '';
  out['x-forwarded-for'] = incoming['x-forwarded-for'] ? `${String(incoming['x-forwarded-for'])}, ${client}` : client;
  out['x-forwarded-proto'] = incoming['x-forwarded-proto'] ?? 'http';
  if (incoming.host) out['x-forwarded-host'] = incoming['x-forwarded-host'] ?? incoming.host;
  return Object.assign(out, extra);
}

function responseHeaders(answer: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name in answer) {
    const value = answer[name];
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}
