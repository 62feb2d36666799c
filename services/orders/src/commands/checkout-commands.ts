import type { Checkout } from '@stockyard/contracts';
import type { GeneratedNumbers } from '@stockyard/service-kit/store';
import { notOnChannel, priceMissing } from '../domain/order.errors';
import type { Order } from '../domain/order';
import type { CatalogReads } from '../peers/catalog-reads';
import type { ListedOnChannel } from '../peers/channel-listings';
import type { OrderImports } from './import-commands';
import { linkLines } from './line-linking';

/**
 * POST /storefront/orders: a storefront key's checkout on its own STOREFRONT channel. The lines'
 * prices and names come from the catalog, never from the request; a variant without a price
 * cannot be bought (422 `price_missing`). The order is PENDING (awaiting payment on the
 * storefront) and its channel order id is the organization's next `SF-…` number.
 */
export class CheckoutCommands {
  constructor(
    private readonly imports: OrderImports,
    private readonly catalog: CatalogReads,
    private readonly numbers: GeneratedNumbers,
    /** Which of the variants the channel sells (its listings in the catalog). */
    private readonly listed: ListedOnChannel,
  ) {}

  async checkout(orgId: string, channelId: string, body: Checkout): Promise<Order> {
    const channel = await this.imports.channelFor(orgId, channelId, 'STOREFRONT');
    const asked = body.lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity }));
    const { lines, variants } = await linkLines(this.catalog, orgId, asked);
    const ids = asked.map((l) => l.variantId);
    const named = ids.map((variantId) => ({ variantId, productId: variants.get(variantId)!.productId }));
    const onChannel = await this.listed(orgId, channelId, named);
    const unlisted = ids.filter((id) => !onChannel.has(id));
    if (unlisted.length > 0) throw notOnChannel(unlisted);
    const unpriced = ids.filter((id) => variants.get(id)?.price === null);
    if (unpriced.length > 0) throw priceMissing(unpriced);
    const priced = lines.map((l) => ({ ...l, unitPrice: variants.get(l.variantId!)!.price }));
    const incoming = {
      channelOrderId: await this.numbers.next(orgId),
      lines: priced,
      shippingAddress: body.shippingAddress,
      notes: body.notes ?? null,
      customer: { name: body.name ?? null, email: body.email, phone: null },
    };
    return (await this.imports.upsert(orgId, channel, incoming, { source: 'storefront', defaultStatus: 'PENDING' }))
      .order;
  }
}
