import { packPositions, type PositionSink } from '../domain/packed-positions';
import { eachSoldSum, packSoldSums, type SoldSink, type SoldSum } from '../domain/sold-sums';
import type { StockPosition } from '../domain/stock-position';
import type { ClosingCodec } from './month-closings';
import { eachStoredPosition, packedOf } from './stored-positions';

/** A month's closing stock: the positions held (neither quantity nor value: none kept). */
export const stockClosingCodec: ClosingCodec<StockPosition, PositionSink> = {
  keeps: (p) => p.units !== 0 || p.cents !== 0,
  pack: packPositions,
  each: eachStoredPosition,
};

/** A month's closing sales, since the first day: every variant, channel and kind sold in a closed day. */
export const salesClosingCodec: ClosingCodec<SoldSum, SoldSink> = {
  keeps: (s) => s.days > 0,
  pack: packSoldSums,
  each: (stored, sink) => {
    if (typeof stored !== 'string') eachSoldSum(packedOf(stored), sink);
  },
};
