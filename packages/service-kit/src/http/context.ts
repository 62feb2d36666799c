import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { IDENTITY_HEADER, verifyIdentity, type Identity } from '@stockyard/contracts';
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

/** Refuses any request that did not come through the gateway with a valid signed identity. */
export const requireIdentity = (secret: string) => (req: Request, _res: Response, next: NextFunction) => {
  const identity = verifyIdentity(req.get(IDENTITY_HEADER), secret);
  if (!identity) throw new AppError('unauthorized', 'Missing or invalid caller identity', 'unauthenticated');
  req.identity = identity;
  next();
};

/** The caller's organization; every query a route makes filters on it. */
export function orgIdOf(req: Request): string {
  if (!req.identity) throw new AppError('unauthorized', 'Missing caller identity', 'unauthenticated');
  return req.identity.orgId;
}
