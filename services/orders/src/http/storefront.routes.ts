import { ORDERS_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { Router } from 'express';
import { noStorefrontChannel } from '../domain/order.errors';
import { storefrontOrderView } from '../domain/order-view';
import type { OrdersGiven } from '../deps';

/** The storefront's checkout: on the channel the calling storefront key is bound to (its signed identity). */
export function storefrontRoutes(router: Router, { checkout }: OrdersGiven): void {
  bindRoute(router, ORDERS_API.checkout, async ({ orgId, body, req }) => {
    const channelId = req.identity?.channelId;
    if (!channelId) throw noStorefrontChannel();
    return storefrontOrderView(await checkout.checkout(orgId, channelId, body));
  });
}
