import { newEvent } from '@stockyard/service-kit';
import { createConnection } from 'mongoose';
import { PLACES_CHANGED, placeTermsOf } from '../src/domain/level-places';
import type { StockLevel } from '../src/domain/stock-level';
import { levelPlaces } from '../src/store/level-places';

// The index's updates of a change, as the level store puts them in the level's outbox (no server:
// the connection never opens, nothing is read or written).
const index = levelPlaces(createConnection());
const placesEvents = (before: StockLevel, after: StockLevel, version: number) =>
  index
    .updatesFor(before, after, version)
    .map((payload) => newEvent(PLACES_CHANGED, { orgId: after.orgId, ...payload }));

const level = (locations: StockLevel['locations'], version = 3): StockLevel => ({
  orgId: 'o',
  variantId: 'var_1',
  locations,
  reserved: 0,
  version,
});

describe('level places', () => {
  it('are the warehouses and bins of the level’s rows, empty ones too, sorted', () => {
    const l = level([
      { warehouseId: 'wh_b', binId: null, onHand: 0 },
      { warehouseId: 'wh_a', binId: 'bin_1', onHand: 2 },
      { warehouseId: 'wh_a', binId: 'bin_2', onHand: 1 },
    ]);
    expect(placeTermsOf(l)).toEqual(['bin:bin_1', 'bin:bin_2', 'wh:wh_a', 'wh:wh_b']);
  });

  it('change the index only when the set of places changes', () => {
    const before = level([{ warehouseId: 'wh_a', binId: 'bin_1', onHand: 2 }]);
    const adjusted = level([{ warehouseId: 'wh_a', binId: 'bin_1', onHand: 5 }]);
    expect(placesEvents(before, adjusted, 4)).toEqual([]);
    expect(placesEvents(before, { ...before, reserved: 1 }, 4)).toEqual([]);
    const added = level([...before.locations, { warehouseId: 'wh_b', binId: null, onHand: 1 }]);
    const [event] = placesEvents(before, added, 4);
    expect(event).toMatchObject({
      name: PLACES_CHANGED,
      payload: { variantId: 'var_1', version: 4, terms: ['bin:bin_1', 'wh:wh_a', 'wh:wh_b'] },
    });
    expect(placesEvents(added, before, 5)[0]?.payload).toMatchObject({ terms: ['bin:bin_1', 'wh:wh_a'] });
  });
});
