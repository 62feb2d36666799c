import { adjustStock } from '../src/domain/adjust-stock';
import { decision } from '../src/domain/level-change';
import type { StockLevel } from '../src/domain/stock-level';
import { deductStock } from '../src/domain/stock-operations';
import { joinValuations, VALUATION_RECORDED, type ValuationRecorded } from '../src/domain/valuation-recorded';
import { at, ids, level, now } from './support/builders';

const adjust = (quantity: number, unitCost?: number) => ({
  variantId: 'var_1',
  warehouseId: 'wh_a',
  binId: null,
  quantity,
  reason: 'r',
  ...(unitCost === undefined ? {} : { unitCost }),
});
const valuationsOf = (events: { name: string; payload: Record<string, unknown> }[]) =>
  events.filter((e) => e.name === VALUATION_RECORDED).map((e) => e.payload as unknown as ValuationRecorded);

describe("a movement's cost on its level", () => {
  it('opens stock from before costing, then costs the movement: one event at the version the write makes', () => {
    const before = level([at('wh_a', null, 3)], { version: 7 });
    const change = adjustStock(before, adjust(2, 1.5), ids, now, 'FIFO');
    expect(change.valuations!.map((e) => [e.kind, e.quantity, e.valueCents, e.cause.id])).toEqual([
      ['OPENING', 3, 0, 'mov_0'],
      ['ADJUSTMENT', 2, 300, 'mov_0'],
    ]);
    expect(change.costPools).toEqual([expect.objectContaining({ warehouseId: 'wh_a', method: 'FIFO' })]);
    const made = decision(before, change);
    expect(made.state!.costPools).toBe(change.costPools);
    const [event, ...more] = valuationsOf(made.events!);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      variantId: 'var_1',
      version: 8,
      entries: [{ kind: 'OPENING' }, { kind: 'ADJUSTMENT' }],
    });
  });

  it("keeps the other warehouses' pools as they are", () => {
    const other = { warehouseId: 'wh_b', method: 'FIFO' as const, layers: [] };
    const change = adjustStock(level([], { costPools: [other] }), adjust(1), ids, now, 'FIFO');
    expect(change.costPools!.map((p) => p.warehouseId)).toEqual(['wh_b', 'wh_a']);
    expect(change.costPools![0]).toBe(other);
  });

  it('a sale is cost of goods sold; two in one write become one event with one list of entries', () => {
    const stocked = level([at('wh_a', null, 0)]);
    const received = decision(stocked, adjustStock(stocked, adjust(4, 2), ids, now, 'FIFO')).state!;
    const sale = (from: StockLevel, key: string, quantity: number) => {
      const input = { operationKey: key, variantId: 'var_1', warehouseId: 'wh_a', quantity, fromReserved: false };
      return decision(
        from,
        deductStock(from, input, (i) => `${key}_${i}`, now, 'FIFO'),
      );
    };
    // As the internal batch decides them: the second on the level the first left.
    const first = sale(received, 'a', 1);
    const joined = joinValuations([...first.events!, ...sale(first.state!, 'b', 3).events!]);
    expect(valuationsOf(joined).map((v) => v.entries.map((e) => [e.kind, e.cogsCents, e.cause.id]))).toEqual([
      [
        ['SALE', 200, 'a_0'],
        ['SALE', 600, 'b_0'],
      ],
    ]);
    expect(joined.filter((e) => e.name === 'stock.movement_recorded')).toHaveLength(2);
  });
});
