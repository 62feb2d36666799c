import { routeNameOf, type RouteSpec } from '@stockyard/contracts';
import type { AppError } from '@stockyard/service-kit';
import type { RefusalLog } from '@stockyard/service-kit/internals';
import { actorOf } from '../domain/api-key-record';
import type { ApiRequest } from './gateway.routes';

/**
 * The gateway's own refusals of a change (403: a key of the wrong type, a permission it lacks) in
 * the audit trail, as a service records its refusals: the key that asked, the route by its name,
 * the request, the status and code. Reads refused are not recorded (they change nothing).
 */
export const recordRefusal =
  (log: RefusalLog) =>
  (req: ApiRequest, route: RouteSpec, err: AppError): Promise<void> => {
    const { key } = req.caller!;
    const query = req.url!.indexOf('?');
    const idempotencyKey = req.headers['idempotency-key'];
    const scope = {
      actor: actorOf(key),
      request: {
        route: routeNameOf(route),
        method: req.method!,
        path: query === -1 ? req.url! : req.url!.slice(0, query),
        requestId: req.requestId,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : null,
      },
      status: route.status,
    };
    return log.record(scope, key.orgId, err.status, err.code);
  };
