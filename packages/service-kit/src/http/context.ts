import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { IDENTITY_HEADER, IDENTITY_MAX_AGE_SECONDS, verifyIdentity, type Identity } from '@stockyard/contracts';
import { RecentMap } from '../recent-map';
import { AppError } from '../errors';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      requestId: string;
      identity?: Identity;
    }
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A well-formed incoming X-Request-Id (the gateway's, a partner's), or a new one. */
export const requestIdFrom = (incoming: string | string[] | undefined): string =>
  typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();

/** Reuses a well-formed incoming X-Request-Id or mints one, and returns it. */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  req.requestId = requestIdFrom(req.headers['x-request-id']);
  res.setHeader('X-Request-Id', req.requestId);
  next();
}

/**
 * Headers verified lately, per process. The gateway signs a busy key's identity once a second
 * (gateway's identity-signer.ts), so a service meets the same header over and over: it checks its
 * HMAC and parses it once, and checks only its age on the next ones (a header is the same string
 * or it is verified anew).
 */
const VERIFIED_HEADERS = 1_000;

/** Refuses any request that did not come through the gateway with a valid signed identity. */
export const requireIdentity = (secret: string) => {
  const verified = new RecentMap<string, Identity>(VERIFIED_HEADERS);
  const identityOf = (header: string | undefined, now = Math.floor(Date.now() / 1000)) => {
    const known = header === undefined ? undefined : verified.get(header);
    if (known && Math.abs(now - known.iat) <= IDENTITY_MAX_AGE_SECONDS) return known;
    const identity = verifyIdentity(header, secret, now);
    if (identity) verified.set(header!, identity);
    return identity;
  };
  return (req: Request, _res: Response, next: NextFunction) => {
    const identity = identityOf(req.get(IDENTITY_HEADER));
    if (!identity) throw new AppError('unauthorized', 'Missing or invalid caller identity', 'unauthenticated');
    req.identity = identity;
    next();
  };
};

/** The caller's organization; every query a route makes filters on it. */
export function orgIdOf(req: Request): string {
  if (!req.identity) throw new AppError('unauthorized', 'Missing caller identity', 'unauthenticated');
  return req.identity.orgId;
}
