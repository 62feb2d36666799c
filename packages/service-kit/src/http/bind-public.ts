import type { PublicRoute } from '@stockyard/contracts';
import type { Request, Response, Router } from 'express';
import { nameRoute } from '../ops/http-metrics';

/**
 * Mounts `handler` at a row of the public pages (contracts public-routes.ts): the row's method
 * and path, its Content-Type and Cache-Control, named by its row in the metrics. The handler
 * answers the page's text; it may set other headers of its own (a page's CSP) on `res`.
 */
export function bindPublic(router: Router, route: PublicRoute, handler: (req: Request, res: Response) => string): void {
  const name = `${route.method} ${route.path}`;
  router.get(route.path, (req: Request, res: Response) => {
    nameRoute(res, name);
    if (route.cacheControl) res.setHeader('Cache-Control', route.cacheControl);
    const body = handler(req, res);
    res.setHeader('Content-Type', route.contentType);
    res.send(body);
  });
}
