import type { ServiceName } from '@stockyard/contracts';
import type { Router } from 'express';
import type { OutboxRelay } from './events/outbox-relay';
import type { AnySubscription } from './events/subscription';
import { assemble, serviceApp, type Part, type RunningService, type ServiceContext } from './service';

/**
 * One module of a service: what it gives its routes and consumers (`given`, a declared interface
 * of commands and queries, never a store), the routes it binds, and what runs with it. A module
 * file builds one; only the service's `app.ts` imports it.
 */
export interface ServiceModule<G> {
  given: G;
  /** Binds its partner routes under /api/v1. */
  api?(router: Router): void;
  /** Binds its internal routes under /internal/v1. */
  internal?(router: Router): void;
  parts?: readonly Part[];
  subscriptions?: readonly AnySubscription[];
}

type Given<M extends Record<string, ServiceModule<unknown>>> = { [K in keyof M]: M[K]['given'] };

/**
 * A service from its modules: routes bound in the order the modules are listed (a module whose
 * literal paths shadow another's parameter goes first), parts and consumers started in that order,
 * and `deps` (what tests reach in through) each module's `given` under its name.
 */
export function composeService<M extends Record<string, ServiceModule<unknown>>>(
  ctx: ServiceContext,
  { service, relay, modules }: { service: ServiceName; relay?: OutboxRelay; modules: M },
): RunningService<Given<M>> {
  const list = Object.values(modules);
  const deps = Object.fromEntries(Object.entries(modules).map(([name, m]) => [name, m.given])) as Given<M>;
  const app = serviceApp(ctx, {
    service,
    relay,
    api: (router) => list.forEach((m) => m.api?.(router)),
    internal: (router) => list.forEach((m) => m.internal?.(router)),
  });
  const parts = list.flatMap((m) => m.parts ?? []);
  const subscriptions = list.flatMap((m) => m.subscriptions ?? []);
  return assemble(ctx, { app, deps, relay, subscriptions, parts });
}
