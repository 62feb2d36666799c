import type { CreateShipment, List, Page, Shipment, ShipmentListQuery } from '@stockyard/contracts';
import { newId, notFound } from '@stockyard/service-kit';
import { recordShipment } from '../domain/record-shipment';
import type { OrderStore } from '../store/order.repository';
import type { ShipmentList } from '../store/shipment-list';

/** Shipments: recorded on their order (one write with `order.shipped`), listed from their projection. */
export class ShipmentCommands {
  constructor(
    private readonly store: OrderStore,
    private readonly shipments: ShipmentList,
  ) {}

  async create(orgId: string, orderId: string, body: CreateShipment): Promise<Shipment> {
    const shipmentId = newId('shp');
    // The list's row rides on the write (store/shipment-list.ts), written before it answers.
    const { result } = await this.store.change(orgId, orderId, (o) => recordShipment(o, body, shipmentId, new Date()));
    const shipment = await this.shipments.find(orgId, result.shipment.id);
    if (!shipment) throw new Error(`shipment ${result.shipment.id} was not listed`);
    return shipment;
  }

  async get(orgId: string, id: string): Promise<Shipment> {
    const shipment = await this.shipments.find(orgId, id);
    if (!shipment) throw notFound('Shipment');
    return shipment;
  }

  list(orgId: string, query: ShipmentListQuery & Page): Promise<List<Shipment>> {
    return this.shipments.list(orgId, query);
  }
}
