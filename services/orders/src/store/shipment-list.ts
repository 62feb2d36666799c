import type { EventEnvelope, List, Page, Shipment, ShipmentListQuery } from '@stockyard/contracts';
import type { OrgFilter, Projection } from '@stockyard/service-kit';
import { readList, replaceAll } from '@stockyard/service-kit/store';
import type { Order } from '../domain/order';
import { shipmentView } from '../domain/order-view';
import { dateRange } from './date-range';

import type { ShipmentModel } from './shipment.model';

/** The local event that carries a new shipment to the list (never published). */
const SHIPMENT_RECORDED = 'order.shipment_recorded';

type ShipmentDoc = Omit<Shipment, 'id' | 'shippedAt' | 'createdAt'> & {
  _id: string;
  orgId: string;
  shippedAt: Date;
  createdAt: Date;
};

const toShipment = (doc: Record<string, unknown>): Shipment => {
  const { _id, orgId: _o, shippedAt, createdAt, ...rest } = doc as ShipmentDoc;
  return { id: _id, ...rest, shippedAt: shippedAt.toISOString(), createdAt: createdAt.toISOString() };
};

/**
 * GET /shipments and GET /shipments/{id}: the shipments' list, a projection of the order store
 * (the order's document is the truth): each shipment an order's write records rides on it as
 * its wire shape, as listed.
 */
export class ShipmentList implements Projection<Order> {
  readonly event = SHIPMENT_RECORDED;

  constructor(private readonly model: ShipmentModel) {}

  /** The shipments the write records. */
  updatesFor(before: Order | null, after: Order): Record<string, unknown>[] {
    const had = new Set(before?.shipments.map((s) => s.id));
    return after.shipments.filter((s) => !had.has(s.id)).map((s) => ({ shipment: shipmentView(after, s) }));
  }

  /** Idempotent: each shipment's row, replaced by its id. */
  async apply(updates: readonly EventEnvelope[]): Promise<void> {
    await replaceAll(
      this.model.collection,
      updates.map(({ orgId, payload }) => {
        const { id, ...rest } = payload.shipment as Shipment;
        const doc = { ...rest, orgId, shippedAt: new Date(rest.shippedAt), createdAt: new Date(rest.createdAt) };
        return { filter: { _id: id }, doc };
      }),
    );
  }

  async find(orgId: string, id: string): Promise<Shipment | undefined> {
    const doc = await this.model.collection.findOne({ _id: id } as never);
    return doc && doc.orgId === orgId ? toShipment(doc) : undefined;
  }

  list(orgId: string, query: ShipmentListQuery & Page): Promise<List<Shipment>> {
    const filter: OrgFilter = { orgId };
    if (query.orderId) filter.orderId = query.orderId;
    const shipped = dateRange(query.startDate, query.endDate);
    if (shipped) filter.shippedAt = shipped;
    const page = { limit: query.limit, offset: query.offset };
    return readList(this.model, { filter, sort: { shippedAt: -1, _id: -1 }, page }, toShipment);
  }
}
