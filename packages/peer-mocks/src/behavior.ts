import type { INTERNAL_ROUTES, InternalRouteName } from '@stockyard/contracts';
import type { z } from 'zod';

type Routes = typeof INTERNAL_ROUTES;
export type MockRequest<N extends InternalRouteName> = Routes[N]['request'] extends z.ZodType
  ? z.output<Routes[N]['request']>
  : undefined;
export type MockResponse<N extends InternalRouteName> = z.input<Routes[N]['response']>;

/** How a mock answers one route: from the caller's organization and the parsed body. */
export type Behavior<N extends InternalRouteName> = (orgId: string, body: MockRequest<N>) => MockResponse<N>;

/** A mocked peer's answers by route name (a route left out answers its example) and what it keeps. */
export interface MockBehaviors {
  routes: { [N in InternalRouteName]?: Behavior<N> };
  /** What the mock keeps (levels, movements, what it made up), for `GET /__mock/state`. */
  state(): unknown;
}

/** A refusal the real peer would answer too (the error envelope, the peer's status and code). */
export class MockRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Ids that start with `missing` are unknown to every mock: a way to try a caller's "not found" path. */
export const isMissing = (id: string) => id.startsWith('missing');

/** A per-organization map, made on first use. */
export function perOrg<T>(make: () => T) {
  const byOrg = new Map<string, T>();
  const of = (orgId: string) => {
    let value = byOrg.get(orgId);
    if (!value) byOrg.set(orgId, (value = make()));
    return value;
  };
  return { of, all: () => Object.fromEntries(byOrg) };
}
