import { EVENT_NAMES, EVENT_PAYLOADS, isPublicEvent } from '../src/events';

describe('event catalog', () => {
  it("has exactly the 11 events of the spec and issue #41's export.completed", () => {
    expect([...EVENT_NAMES].sort()).toEqual(
      [
        'order.created',
        'order.status_changed',
        'order.shipped',
        'inventory.availability_changed',
        'import.completed',
        'purchase_order.created',
        'purchase_order.status_changed',
        'product.created',
        'product.updated',
        'variant.cost_changed',
        'invoice.created',
        'export.completed',
      ].sort(),
    );
  });

  it('requires orgId on every payload', () => {
    for (const name of EVENT_NAMES) {
      const result = EVENT_PAYLOADS[name].safeParse({});
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((i) => i.path.join('.'))).toContain('orgId');
    }
  });

  it('accepts the spec fields of inventory.availability_changed and rejects a missing one', () => {
    const payload = EVENT_PAYLOADS['inventory.availability_changed'];
    expect(payload.safeParse({ orgId: 'o', variantId: 'v', oldAvailable: 1, newAvailable: 2 }).success).toBe(true);
    expect(payload.safeParse({ orgId: 'o', variantId: 'v', oldAvailable: 1 }).success).toBe(false);
  });

  it('allows the nullable fields of order.shipped to be null', () => {
    const ok = EVENT_PAYLOADS['order.shipped'].safeParse({
      orgId: 'o',
      orderId: 'a',
      shipmentId: 's',
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
      shippedAt: null,
    });
    expect(ok.success).toBe(true);
  });

  it('tells catalog events from internal ones', () => {
    expect(isPublicEvent('order.created')).toBe(true);
    expect(isPublicEvent('stock.movement_recorded')).toBe(false);
    expect(isPublicEvent('toString')).toBe(false);
  });
});
