import type { EventEnvelope, Page, Shipment, ShipmentListQuery } from '@stockyard/contracts';
import { newEvent, readPage, type OrgFilter, type StatePage } from '@stockyard/service-kit';
import type { Order, ShipmentRecord } from '../domain/order';
import { shipmentView } from '../domain/order-view';
import { dateRange } from './date-range';
import { LocalProjection } from './local-projection';
import type { ShipmentModel } from './shipment.model';

/** The local event that carries a new shipment to the list (never published). */
export const SHIPMENT_RECORDED = 'order.shipment_recorded';

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

/** GET /shipments and GET /shipments/{id}: the shipments' projection, written from each order's outbox. */
export class ShipmentList {
  readonly projection: LocalProjection;

  constructor(private readonly model: ShipmentModel) {
    this.projection = new LocalProjection(SHIPMENT_RECORDED, (event) => this.apply(event));
  }

  /** The local event of a shipment the order just recorded (its wire shape, as listed). */
  eventFor(order: Order, shipment: ShipmentRecord): EventEnvelope {
    return newEvent(SHIPMENT_RECORDED, { orgId: order.orgId, shipment: shipmentView(order, shipment) });
  }

  /** Idempotent: the shipment's row, replaced by its id. */
  private async apply(event: EventEnvelope): Promise<void> {
    const s = event.payload.shipment as Shipment;
    const { id, ...rest } = s;
    const doc = { ...rest, orgId: event.orgId, shippedAt: new Date(s.shippedAt), createdAt: new Date(s.createdAt) };
    await this.model.collection.replaceOne({ _id: id } as never, doc, { upsert: true });
  }

  async find(orgId: string, id: string): Promise<Shipment | undefined> {
    const doc = await this.model.collection.findOne({ _id: id } as never);
    return doc && doc.orgId === orgId ? toShipment(doc as never) : undefined;
  }

  list(orgId: string, query: ShipmentListQuery & Page): Promise<StatePage<Shipment>> {
    const filter: OrgFilter = { orgId };
    if (query.orderId) filter.orderId = query.orderId;
    const shipped = dateRange(query.startDate, query.endDate);
    if (shipped) filter.shippedAt = shipped;
    const page = { limit: query.limit, offset: query.offset };
    return readPage(this.model, { filter, sort: { shippedAt: -1, _id: -1 }, page }, toShipment);
  }
}
