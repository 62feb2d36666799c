import {
  EXAMPLE_WAREHOUSE,
  subtractQuantities,
  type StockMovement,
  type StockOperationResult,
} from '@stockyard/contracts';
import { isMissing, MockRefusal, perOrg, type MockBehaviors } from '../behavior';

type Level = { onHand: number; reserved: number };
type Kind = 'reserve' | 'release' | 'receive' | 'deduct';
type Move = { operationKey: string; variantId: string; warehouseId: string; quantity: number; binId?: string | null };

/**
 * Inventory as a peer, stateful as its callers need: every warehouse asked exists (but
 * `missing…` ids); receive, reserve, release and deduct move a level per variant and warehouse,
 * refused as inventory refuses (above available or reserved); an operation key moves stock
 * once (a replay answers `replayed: true`, the key with other parameters is 409), and a
 * receipt or a sale writes a movement the mock keeps.
 */
export function inventoryBehaviors(): MockBehaviors {
  const orgs = perOrg(() => ({
    levels: new Map<string, Map<string, Level>>(),
    operations: new Map<string, string>(),
    movements: [] as StockMovement[],
  }));
  let ids = 0;
  const levelOf = (orgId: string, variantId: string, warehouseId: string) => {
    const { levels } = orgs.of(orgId);
    const byWarehouse = levels.get(variantId) ?? new Map<string, Level>();
    levels.set(variantId, byWarehouse);
    const level = byWarehouse.get(warehouseId) ?? { onHand: 0, reserved: 0 };
    byWarehouse.set(warehouseId, level);
    return level;
  };
  const totals = (orgId: string, variantId: string) => {
    const rows = [...(orgs.of(orgId).levels.get(variantId)?.values() ?? [])];
    const onHand = rows.reduce((sum, l) => sum + l.onHand, 0);
    const reserved = rows.reduce((sum, l) => sum + l.reserved, 0);
    return { variantId, onHand, reserved, available: onHand - reserved };
  };
  const refuse = (what: string, held: number, quantity: number) => {
    throw new MockRefusal(422, 'insufficient_stock', `${what} is ${held}, less than ${quantity}`);
  };

  const operate = (orgId: string, kind: Kind, input: Move, fromReserved = true): StockOperationResult => {
    const { operations, movements } = orgs.of(orgId);
    const signature = JSON.stringify([kind, input.variantId, input.warehouseId, input.quantity, input.binId ?? null]);
    const seen = operations.get(input.operationKey);
    if (seen !== undefined && seen !== signature) {
      throw new MockRefusal(
        409,
        'operation_key_reused',
        `operation key ${input.operationKey} was used for another operation`,
      );
    }
    const result = { operationKey: input.operationKey, replayed: seen !== undefined, movements: [] as StockMovement[] };
    if (seen === undefined) {
      const level = levelOf(orgId, input.variantId, input.warehouseId);
      const q = input.quantity;
      if (kind === 'reserve' && q > level.onHand - level.reserved)
        refuse('available', level.onHand - level.reserved, q);
      if ((kind === 'release' || (kind === 'deduct' && fromReserved)) && q > level.reserved)
        refuse('reserved', level.reserved, q);
      if (kind === 'deduct' && q > level.onHand) refuse('on hand', level.onHand, q);
      if (kind === 'reserve') level.reserved += q;
      if (kind === 'release' || (kind === 'deduct' && fromReserved)) level.reserved -= q;
      if (kind === 'receive' || kind === 'deduct') {
        level.onHand += kind === 'receive' ? q : -q;
        result.movements.push({
          id: `mov_mock_${++ids}`,
          type: kind === 'receive' ? 'RECEIPT' : 'SALE',
          variantId: input.variantId,
          warehouseId: input.warehouseId,
          binId: input.binId ?? null,
          quantity: kind === 'receive' ? q : -q,
          reason: kind === 'receive' ? 'received (mock)' : 'sold (mock)',
          onHandAfter: level.onHand,
          reference: input.operationKey,
          createdAt: new Date().toISOString(),
        });
        movements.push(...result.movements);
      }
      operations.set(input.operationKey, signature);
    }
    return { ...result, ...totals(orgId, input.variantId) };
  };

  return {
    routes: {
      inventoryWarehouses: (_orgId, { ids: asked }) => ({
        data: asked.filter((id) => !isMissing(id)).map((id) => ({ ...EXAMPLE_WAREHOUSE, id, name: `Warehouse ${id}` })),
      }),
      inventoryStockOnHand: (orgId, { variantIds }) => ({ data: variantIds.map((id) => totals(orgId, id)) }),
      // No cost layers here: a line is on hand up to its variant's on hand, the rest sold.
      inventoryLinesOnHand: (orgId, { lines }) => ({
        data: lines.map(({ origin, variantId, receivedQuantity }) => {
          const onHand = Math.max(0, Math.min(receivedQuantity, totals(orgId, variantId).onHand));
          return { origin, variantId, onHand, sold: subtractQuantities(receivedQuantity, onHand) };
        }),
      }),
      // No reorder point is set here: asked variants answer their levels without one, as inventory does.
      inventoryReorderLevels: (orgId, { variantIds = [], warehouseId }) => ({
        data: variantIds.flatMap((variantId) =>
          [...(orgs.of(orgId).levels.get(variantId) ?? [])]
            .filter(([wh]) => warehouseId === undefined || wh === warehouseId)
            .map(([wh, l]) => ({
              variantId,
              warehouseId: wh,
              ...l,
              available: l.onHand - l.reserved,
              minQuantity: null,
              maxQuantity: null,
            })),
        ),
        next: null,
      }),
      inventoryReserve: (orgId, body) => operate(orgId, 'reserve', body),
      inventoryRelease: (orgId, body) => operate(orgId, 'release', body),
      inventoryReceive: (orgId, body) => operate(orgId, 'receive', body),
      inventoryDeduct: (orgId, body) => operate(orgId, 'deduct', body, body.fromReserved),
      // Each move as its own route makes it; a refusal is that move's outcome.
      inventoryMoves: (orgId, { moves }) => ({
        data: moves.map((move) => {
          try {
            const { replayed } = operate(orgId, move.kind, move, move.kind === 'deduct' ? move.fromReserved : true);
            return { operationKey: move.operationKey, ok: true as const, replayed };
          } catch (err) {
            if (!(err instanceof MockRefusal)) throw err;
            const error = { status: err.status, code: err.code, message: err.message };
            return { operationKey: move.operationKey, ok: false as const, error };
          }
        }),
      }),
    },
    state: () =>
      Object.fromEntries(
        Object.entries(orgs.all()).map(([orgId, s]) => [
          orgId,
          {
            levels: [...s.levels].flatMap(([variantId, rows]) =>
              [...rows].map(([warehouseId, level]) => ({ variantId, warehouseId, ...level })),
            ),
            movements: s.movements,
          },
        ]),
      ),
  };
}
