import type { z } from 'zod';
import type { PeerOptions } from '../internal-call';
import type { LineOnHand, ReceivedLine, ReorderLevels, ReorderLevelsQuery, VariantStock } from '../inventory-internal';
import type {
  DeductStockSchema,
  ReceiveStock,
  ReserveStock,
  StockMove,
  StockMoveOutcome,
  StockOperationResult,
} from '../stock-internal';
import type { Warehouse } from '../warehouses';
import { callRoute } from './call-route';
import { INTERNAL_ROUTES as R } from './route-table';

/** The typed client other services call inventory's internal API with, over the internal route table. */
export function inventoryClient(options: Omit<PeerOptions, 'peer'>) {
  const peer = { ...options, peer: 'inventory' };
  return {
    async stockOnHand(orgId: string, variantIds: string[]): Promise<VariantStock[]> {
      if (variantIds.length === 0) return [];
      return (await callRoute(peer, orgId, R.inventoryStockOnHand, { variantIds })).data;
    },
    /** Of each received purchase-order line, the units still on hand and sold (at most MAX_PO_LINES a call). */
    async linesOnHand(orgId: string, lines: ReceivedLine[]): Promise<LineOnHand[]> {
      if (lines.length === 0) return [];
      return (await callRoute(peer, orgId, R.inventoryLinesOnHand, { lines })).data;
    },
    async warehouses(orgId: string, ids: string[]): Promise<Warehouse[]> {
      if (ids.length === 0) return [];
      return (await callRoute(peer, orgId, R.inventoryWarehouses, { ids })).data;
    },
    reorderLevels: (orgId: string, query: ReorderLevelsQuery): Promise<ReorderLevels> =>
      callRoute(peer, orgId, R.inventoryReorderLevels, query),
    /** The stock moves (stock-internal.ts): the same operation key never moves stock twice. */
    receive: (orgId: string, body: ReceiveStock): Promise<StockOperationResult> =>
      callRoute(peer, orgId, R.inventoryReceive, body),
    reserve: (orgId: string, body: ReserveStock): Promise<StockOperationResult> =>
      callRoute(peer, orgId, R.inventoryReserve, body),
    release: (orgId: string, body: ReserveStock): Promise<StockOperationResult> =>
      callRoute(peer, orgId, R.inventoryRelease, body),
    deduct: (orgId: string, body: z.input<typeof DeductStockSchema>): Promise<StockOperationResult> =>
      callRoute(peer, orgId, R.inventoryDeduct, body),
    /** Many moves in one call (at most MAX_STOCK_MOVES), an outcome each, in their order. */
    async moves(orgId: string, moves: StockMove[]): Promise<StockMoveOutcome[]> {
      if (moves.length === 0) return [];
      return (await callRoute(peer, orgId, R.inventoryMoves, { moves })).data;
    },
  };
}
export type InventoryClient = ReturnType<typeof inventoryClient>;
