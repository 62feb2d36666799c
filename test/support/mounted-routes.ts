import type { Express, Router } from 'express';

/** A route an express app or router answers: method and path, relative to where the router is mounted. */
export interface MountedRoute {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  match(path: string): boolean;
}

/** The routes of a router, nested routers included (mounted on the same path, as services mount modules). */
export function routesOf(router: Router): MountedRoute[] {
  return ((router as unknown as { stack: Layer[] }).stack ?? []).flatMap((layer) => {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).filter((m) => m !== '_all');
      return methods.map((m) => ({ method: m.toUpperCase(), path: layer.route!.path }));
    }
    return layer.handle.stack ? routesOf(layer.handle as unknown as Router) : [];
  });
}

/**
 * The routes an app answers under `base` (`/internal/v1`): its own routes there, and the routers
 * of its top-level layers that match a path under it, walked down. Read from the built app, so
 * what the table misses is what the service really mounts.
 */
export function mountedUnder(app: Express, base: string): MountedRoute[] {
  const probe = `${base}/__probe__`;
  const layers = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  const under = (routes: MountedRoute[]) =>
    routes.filter((r) => r.path.startsWith(`${base}/`)).map((r) => ({ ...r, path: r.path.slice(base.length) }));
  // A router mounted at the root (the probes) matches every path: only its routes under `base` count.
  const atRoot = (l: Layer) => l.match('/__elsewhere__/__probe__');
  const own = under(layers.filter((l) => l.route).flatMap((l) => routesOf({ stack: [l] } as unknown as Router)));
  const routers = layers.filter((l) => !l.route && l.handle.stack);
  const fromRoot = under(routers.filter(atRoot).flatMap((l) => routesOf(l.handle as unknown as Router)));
  const mounted = routers
    .filter((l) => !atRoot(l) && l.match(probe))
    .flatMap((l) => routesOf(l.handle as unknown as Router));
  return [...own, ...fromRoot, ...mounted];
}
