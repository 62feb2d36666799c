import type { CreateShipment, Shipment } from '@stockyard/contracts';
import { newId, notFound } from '@stockyard/service-kit';
import { recordShipment } from '../domain/record-shipment';
import type { OrderRepository } from '../store/order.repository';
import type { ShipmentList } from '../store/shipment-list';

/** Shipments: recorded on their order (one write with `order.shipped`), listed from their projection. */
export class ShipmentCommands {
  constructor(
    private readonly orders: OrderRepository,
    private readonly shipments: ShipmentList,
  ) {}

  async create(orgId: string, orderId: string, body: CreateShipment): Promise<Shipment> {
    const shipmentId = newId('shp');
    const { result } = await this.orders.change(orgId, orderId, (o) => {
      const decision = recordShipment(o, body, shipmentId, new Date());
      if (!decision.state) return decision; // recorded by an earlier run of the request
      const { order, shipment } = decision.result!;
      return { ...decision, events: [...decision.events!, this.shipments.eventFor(order, shipment)] };
    });
    const shipment = await this.shipments.find(orgId, result.shipment.id);
    if (!shipment) throw new Error(`shipment ${result.shipment.id} was not listed`);
    return shipment;
  }

  async get(orgId: string, id: string): Promise<Shipment> {
    const shipment = await this.shipments.find(orgId, id);
    if (!shipment) throw notFound('Shipment');
    return shipment;
  }
}
