import type { NextFunction, Request, Response } from 'express';
import { histogram } from './metrics';

const requests = histogram(
  'stockyard_http_request_duration_seconds',
  'HTTP requests answered (the _count is the request count), by route-table row, method and status class',
  ['route', 'method', 'status_class'] as const,
);

/** The label of a request's route: set by whoever matched it (the binder, the gateway), else Express's template. */
const ROUTE_LOCAL = 'metricsRoute';

/** Names the route a request matched, for its metrics: a route-table row as `METHOD /path/{id}`. */
export function nameRoute(res: Response, name: string): void {
  res.locals[ROUTE_LOCAL] = name;
}

function routeOf(req: Request, res: Response): string {
  const named: unknown = res.locals[ROUTE_LOCAL];
  if (typeof named === 'string') return named;
  // An Express route's template (`/internal/v1/holds/batch`), never the raw path: that carries ids.
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${req.method} ${req.baseUrl}${path}` : 'unmatched';
}

/** Records every answered request's latency under its route, method and status class (`2xx`…). */
export function httpMetrics(req: Request, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const statusClass = `${Math.floor(res.statusCode / 100)}xx`;
    requests.observe({ route: routeOf(req, res), method: req.method, status_class: statusClass }, seconds);
  });
  next();
}

/** The same record for a handler outside Express (the gateway's proxied path). */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  requests.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
}
