import type { z } from 'zod';
import { getInternal, postInternal, type PeerOptions } from '../internal-call';
import type { InternalRoute } from './route-table';

/** Calls one row of the internal route table: its method and path, the answer parsed by its response schema. */
export function callRoute<Q extends z.ZodType | null, R extends z.ZodType>(
  peer: PeerOptions,
  orgId: string,
  route: InternalRoute<Q, R>,
  ...body: Q extends z.ZodType ? [z.input<Q>] : []
): Promise<z.output<R>> {
  return route.method === 'GET'
    ? getInternal(peer, orgId, route.path, route.response)
    : postInternal(peer, orgId, route.path, body[0], route.response);
}
