import type { Router } from 'express';
import { routesOf, type ServiceName } from '@stockyard/contracts';
import { AppError } from '../errors';

/**
 * For a service whose issue has not landed yet: every route the table gives it
 * answers an honest 501 instead of a 404 that would look like a wrong path.
 */
export function pendingRoutes(router: Router, service: ServiceName): void {
  for (const route of routesOf(service)) {
    const path = route.path.replace(/\{(\w+)\}/g, ':$1');
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    router[method](path, () => {
      throw new AppError(
        'not_implemented',
        `${route.method} /api/v1${route.path} is not implemented yet`,
        'not_implemented',
      );
    });
  }
}
