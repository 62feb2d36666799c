import type { Answer } from './partner-calls';

export type Call = (method: string, route: string, body?: unknown) => Promise<Answer>;

/** What the traffic writes to: made beforehand (replica-fixture.ts). */
export interface TrafficTargets {
  warehouseId: string;
  /** Variants the traffic adjusts. */
  adjusted: string[];
  /** The submitted purchase order whose line the traffic receives, a unit at a time. */
  purchaseOrderId: string;
  lineId: string;
}

/** What the stack accepted, to compare with what it holds afterwards. */
export interface Accepted {
  /** Units per variant over the 201 adjusts. */
  adjusts: Map<string, number>;
  adjustCount: number;
  /** Units received on the purchase order's line. */
  received: number;
  productsCreated: string[];
  productUpdates: number;
}

export const newAccepted = (): Accepted => ({
  adjusts: new Map(),
  adjustCount: 0,
  received: 0,
  productsCreated: [],
  productUpdates: 0,
});

const expectStatus = (what: string, answer: Answer, status: number) => {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
};

/**
 * Lanes of partner requests, each in turn: a stock adjust, a product created, a receipt of one
 * unit, a product renamed. Runs until stop(); stop() resolves once every lane's current request
 * has its answer, and rejects with the first answer that was not the expected success.
 */
export function startMixedTraffic(call: Call, targets: TrafficTargets, accepted: Accepted, lanes = 3) {
  let running = true;
  let n = 0;
  const step = async (lane: number, i: number) => {
    const id = n++;
    switch (i % 4) {
      case 0: {
        const variantId = targets.adjusted[id % targets.adjusted.length]!;
        const quantity = 1 + (id % 3);
        const body = { variantId, warehouseId: targets.warehouseId, quantity, reason: `replicas ${id}` };
        expectStatus('adjust', await call('POST', '/stock/adjust', body), 201);
        accepted.adjusts.set(variantId, (accepted.adjusts.get(variantId) ?? 0) + quantity);
        accepted.adjustCount++;
        return;
      }
      case 1: {
        const made = await call('POST', '/products', { name: `Replica product ${lane}-${id}` });
        expectStatus('create product', made, 201);
        accepted.productsCreated.push(made.body.id);
        return;
      }
      case 2: {
        const route = `/purchase-orders/${targets.purchaseOrderId}/lines/${targets.lineId}/receive`;
        expectStatus('receive', await call('POST', route, { quantity: 1 }), 201);
        accepted.received++;
        return;
      }
      default: {
        const productId = accepted.productsCreated[id % accepted.productsCreated.length];
        if (!productId) return;
        expectStatus('rename product', await call('PUT', `/products/${productId}`, { name: `Renamed ${id}` }), 200);
        accepted.productUpdates++;
      }
    }
  };
  const lane = async (index: number) => {
    for (let i = index; running; i++) await step(index, i);
  };
  const done = Promise.all(Array.from({ length: lanes }, (_, i) => lane(i)));
  // Held until stop(): a lane's failure is reported there, not as an unhandled rejection.
  done.catch(() => undefined);
  return {
    stop: async () => {
      running = false;
      await done;
    },
  };
}
