import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { rateLimit } from 'express-rate-limit';
import type { Logger } from '@stockyard/service-kit';
import { errors } from '../domain/errors';
import { FailoverStore } from './failover-store';

const RATE_WINDOW_MS = 60_000;

/** The headers express-rate-limit writes on every answer it lets through ('draft-6'). */
export const RATE_LIMIT_HEADERS = ['RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/** Where the limiter writes its headers: the gateway gathers them for the answer's head. */
export interface HeaderSink {
  readonly headersSent: boolean;
  setHeader(name: string, value: string | number): unknown;
}

/**
 * Per key, never per token or IP: `limit` requests per minute, counted in Redis so every
 * replica shares one budget. Runs after authentication (it needs the key id) and before
 * routing and permission checks, so probing routes or permissions spends the budget too.
 * Resolves when the request may go on; rejects with 429 rate_limit_exceeded. Either way
 * the response carries the RateLimit headers (and Retry-After on a 429).
 */
export function keyRateLimit(options: { limit: number; redis: Redis; prefix: string; logger: Logger }) {
  const limiter = rateLimit({
    windowMs: RATE_WINDOW_MS,
    limit: options.limit,
    standardHeaders: 'draft-6',
    legacyHeaders: false,
    store: new FailoverStore(options.redis, `${options.prefix}ratelimit:`, options.limit, options.logger),
    keyGenerator: (req) => req.caller!.key._id,
    handler: (_req, _res, next) => {
      next(errors.rate_limit_exceeded(`Rate limit of ${options.limit} requests per minute exceeded for this API key`));
    },
    // Our key generator never reads req.ip, and the store is checked by FailoverStore itself;
    // the pipeline counts a request at one place only, so the per-request double-count
    // check (a WeakMap entry, a Map and an array per request) is left out too.
    validate: {
      ip: false,
      trustProxy: false,
      xForwardedForHeader: false,
      keyGeneratorIpFallback: false,
      singleCount: false,
    },
  });
  // It runs on the gateway's plain Node request: with the checks above off and no skip
  // options, express-rate-limit reads only headers and `caller`, and of the response only
  // `headersSent` and `setHeader`.
  return (req: IncomingMessage, headers: HeaderSink) =>
    new Promise<void>((resolve, reject) => {
      // The limiter passes on an Error (its handler's 429, what its store threw), or nothing.
      void limiter(req as Request, headers as Response, (err?: unknown) => {
        if (!err) resolve();
        else reject(err instanceof Error ? err : new Error('rate limit check failed', { cause: err }));
      });
    });
}
