import type { NextFunction, Request, Response } from 'express';

/**
 * The caller as the kit's middlewares read it (`req.identity`, as a service gets it from the
 * signed header), for the gateway's own routes: the kit's Idempotency-Key middleware keys its
 * records by `identity.orgId`. The pipeline has authenticated the caller before (`req.caller`).
 */
export function callerIdentity(req: Request, _res: Response, next: NextFunction): void {
  const { key, permissions } = req.caller!;
  req.identity = {
    orgId: key.orgId,
    keyId: key._id,
    permissions: [...permissions],
    ...(key.channelId ? { channelId: key.channelId } : {}),
    iat: Math.floor(Date.now() / 1000),
  };
  next();
}
