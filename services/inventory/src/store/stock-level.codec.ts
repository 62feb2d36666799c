import type { StateCodec } from '@stockyard/service-kit/store';
import type { StockLevel } from '../domain/stock-level';

/** A level's fields kept as one JSON string each: lists of small objects only the level's own changes read. */
const PACKED = ['costPools', 'landedCosts', 'costVariances'] as const;

/** The dates inside them (a layer's receipt), by key. */
const DATES = new Set(['receivedAt']);
const revive = (key: string, value: unknown) => (DATES.has(key) && typeof value === 'string' ? new Date(value) : value);

/**
 * A stock level as stored: its cost pools (with their layers) and applied costs packed, each into
 * one string. Our FerretDB decodes every nested object of a document at every
 * read and write of it; a level with cost layers took a third more of its CPU per adjust than one
 * without (bench/README.md, session 23). A level stored before holds them as lists: read as they are.
 */
export const stockLevelCodec: StateCodec<StockLevel> = {
  encode(fields) {
    const stored = { ...fields };
    for (const key of PACKED) if (Array.isArray(stored[key])) stored[key] = JSON.stringify(stored[key]);
    return stored;
  },
  decode(stored) {
    const level = { ...stored } as Record<string, unknown>;
    for (const key of PACKED) if (typeof level[key] === 'string') level[key] = JSON.parse(level[key], revive);
    return level as unknown as StockLevel;
  },
};
