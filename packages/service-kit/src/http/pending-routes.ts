import type { NextFunction, Request, Response, Router } from 'express';
import { matchRoute, type ServiceName } from '@stockyard/contracts';
import { AppError } from '../errors';
import { boundOn } from './bind-route';

/**
 * Every route the table gives `service` that has no handler bound on `router` answers an
 * honest 501 instead of a 404 that would look like a wrong path. Mounted first, it resolves a
 * request to its most specific row (as the gateway does), so a pending `/products/family-candidates`
 * is not taken for a built `/products/{id}`, nor a built `/orders/stats` for a pending
 * `/orders/{id}`; a route is built the moment it is bound.
 */
export function pendingRoutes(router: Router, service: ServiceName): void {
  router.use((req: Request, _res: Response, next: NextFunction) => {
    const match = matchRoute(req.method, req.path);
    if (!match || match.route.service !== service || boundOn(router).has(`${match.route.method} ${match.route.path}`))
      return next();
    const { method, path } = match.route;
    next(new AppError('not_implemented', `${method} /api/v1${path} is not implemented yet`, 'not_implemented'));
  });
}
