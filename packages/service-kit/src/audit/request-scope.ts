import type { AuditActor } from '@stockyard/contracts';
import type { Request } from 'express';
import { systemActor, type AuditScope } from './audit-scope';

/**
 * The audit scope of a request: its actor from the signed identity (the gateway names the key;
 * a peer's call names who it acts for, or is the peer's own work), the route's name, and the
 * status it answers when it succeeds.
 */
export function requestScope(req: Request, route: string, status: number): AuditScope {
  const identity = req.identity;
  const actor: AuditActor = identity?.actor ?? keyActor(identity?.keyId);
  return {
    actor,
    request: {
      route,
      method: req.method,
      path: req.baseUrl + req.path,
      requestId: req.requestId,
      idempotencyKey: req.get('idempotency-key') ?? null,
    },
    status,
  };
}

/** A caller named by its key id alone: a peer service's own call (`service:orders`), or a bare key. */
const keyActor = (keyId: string | undefined): AuditActor =>
  keyId?.startsWith('service:')
    ? systemActor(keyId)
    : { kind: 'key', keyId: keyId ?? null, name: null, role: null, type: null, job: null };
