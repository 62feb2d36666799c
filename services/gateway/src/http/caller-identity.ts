import type { NextFunction, Request, Response } from 'express';
import { actorOf } from '../domain/api-key-record';

/**
 * The caller as the kit's middlewares read it (`req.identity`, as a service gets it from the
 * signed header), for the gateway's own routes: the kit's Idempotency-Key middleware keys its
 * records by `identity.orgId`, and a bound route's audit scope names `identity.actor` (the key's id,
 * name, role and type) as who made its changes. The pipeline has authenticated the caller before.
 */
export function callerIdentity(req: Request, _res: Response, next: NextFunction): void {
  const { key, permissions } = req.caller!;
  req.identity = {
    orgId: key.orgId,
    keyId: key._id,
    permissions: [...permissions],
    ...(key.channelId ? { channelId: key.channelId } : {}),
    actor: actorOf(key),
    iat: Math.floor(Date.now() / 1000),
  };
  next();
}
