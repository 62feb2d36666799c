import type { Request, Router } from 'express';
import { CATALOG_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import { errors } from '../domain/errors';
import type { StorefrontGiven } from '../deps';

/**
 * The channel of the storefront key the gateway signed the identity for. The gateway already
 * refuses admin keys here; an identity without a channel is refused the same way.
 */
function channelOf(req: Request): string {
  const channelId = req.identity?.channelId;
  if (!channelId) {
    throw errors.wrong_key_type('The storefront API needs a storefront key');
  }
  return channelId;
}

export function storefrontRoutes(router: Router, { storefront }: StorefrontGiven): void {
  bindRoute(router, CATALOG_API.listStorefrontProducts, ({ orgId, query, req }) =>
    storefront.list(orgId, channelOf(req), query),
  );
  bindRoute(router, CATALOG_API.getStorefrontProduct, ({ orgId, params, req }) =>
    storefront.get(orgId, channelOf(req), params.id),
  );
}
