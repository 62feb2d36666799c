import { adjustStock } from '../src/domain/adjust-stock';
import { onceFor, REQUEST_WINDOW } from '../src/domain/keyed-write';
import type { StockLevel } from '../src/domain/stock-level';
import { at, level, now } from './support/builders';

/** One keyed adjust of +1 applied to the level (or found there), as StockCommands.applyOnce does. */
function keyedAdjust(current: StockLevel, key: string, movementId: string) {
  const once = onceFor(current, key, now, () =>
    adjustStock(
      current,
      { variantId: 'var_1', warehouseId: 'wh_1', quantity: 1, reason: 'x' },
      movementId,
      now,
      'FIFO',
    ),
  );
  return { next: once.change ? { ...current, ...once.change } : current, once };
}

describe('a keyed partner write on the level (onceFor)', () => {
  it('moves stock once for a key, and answers the movements of its first run again', () => {
    const first = keyedAdjust(level([at('wh_1', null, 0)]), 'req_a', 'mov_1');
    expect(first.next.locations).toEqual([at('wh_1', null, 1)]);
    const again = keyedAdjust(first.next, 'req_a', 'mov_2');
    expect(again.once).toEqual({ earlier: ['mov_1'] });
    expect(again.next.locations).toEqual([at('wh_1', null, 1)]);
  });

  it(`keeps ${REQUEST_WINDOW} to ${2 * REQUEST_WINDOW - 1} request keys, spilling the rest; no internal key`, () => {
    let current = level([at('wh_1', null, 0)], { operations: [{ key: 'po_1:receive', at: now, sig: 'sig' }] });
    const spilled: string[] = [];
    for (let i = 1; i <= 4 * REQUEST_WINDOW + 3; i++) {
      const { next, once } = keyedAdjust(current, `req_${i}`, `mov_${i}`);
      spilled.push(...(once.spilled ?? []).map((o) => o.key));
      current = next;
    }
    const kept = current.operations!.map((o) => o.key);
    expect(kept[0]).toBe('po_1:receive');
    const requests = kept.slice(1);
    expect(requests.length).toBeGreaterThanOrEqual(REQUEST_WINDOW);
    expect(requests.length).toBeLessThan(2 * REQUEST_WINDOW);
    expect([...spilled, ...requests]).toEqual(Array.from({ length: 4 * REQUEST_WINDOW + 3 }, (_, i) => `req_${i + 1}`));
  });

  it('keeps nothing for a write without a key', () => {
    const plain = onceFor(level([at('wh_1', null, 0)]), undefined, now, () =>
      adjustStock(
        level([at('wh_1', null, 0)]),
        { variantId: 'var_1', warehouseId: 'wh_1', quantity: 1, reason: 'x' },
        'm',
        now,
        'FIFO',
      ),
    );
    expect(plain.change?.operations).toBeUndefined();
  });
});
