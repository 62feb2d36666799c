import type { FeedSync } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';

/**
 * One HTTP_FEED channel's polling (the orders service's own record, `feed_states`): who holds
 * its lease, where the feed was read up to (`updatedAfter`, and the cursor of a poll that
 * stopped mid-way), how the last polls went and when it is due again (back-off).
 */
export interface FeedState {
  id: string;
  orgId: string;
  version: number;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  /** The latest `updatedAt` of the orders applied: the next poll asks for orders updated after it. */
  updatedAfter: string | null;
  cursor: string | null;
  /** While a cursor run is under way (across polls): the latest `updatedAt` it has seen. */
  seenUpTo: string | null;
  lastSyncAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  failures: number;
  nextAttemptAt: Date | null;
}

export const newFeedState = (orgId: string, id: string): FeedState => ({
  id,
  orgId,
  version: 0,
  leaseOwner: null,
  leaseUntil: null,
  updatedAfter: null,
  cursor: null,
  seenUpTo: null,
  lastSyncAt: null,
  lastSuccessAt: null,
  lastError: null,
  failures: 0,
  nextAttemptAt: null,
});

/** A poll's hold on the channel went to another process (its lease ran out): it stops. */
export class LeaseLost extends Error {}

/** Takes the channel's lease when it is free (or ours, or run out) and the channel is due; else nothing. */
export function claimFeed(state: FeedState, owner: string, now: Date, leaseMs: number): Decision<FeedState, boolean> {
  const held = state.leaseOwner !== null && state.leaseOwner !== owner && state.leaseUntil! > now;
  const waiting = state.nextAttemptAt !== null && state.nextAttemptAt > now;
  if (held || waiting) return { result: false };
  return { state: { ...state, leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs) }, result: true };
}

/** A page applied: where the next one starts; the lease runs on. */
export function checkpointFeed(
  state: FeedState,
  owner: string,
  at: Pick<FeedState, 'updatedAfter' | 'cursor' | 'seenUpTo'>,
  now: Date,
  leaseMs: number,
): Decision<FeedState> {
  if (state.leaseOwner !== owner) throw new LeaseLost();
  return { state: { ...state, ...at, leaseUntil: new Date(now.getTime() + leaseMs) } };
}

export interface BackOff {
  baseMs: number;
  maxMs: number;
}

/** The poll ended: the lease is given back; a failure counts and pushes the next attempt back (doubling). */
export function finishFeed(
  state: FeedState,
  owner: string,
  error: string | null,
  now: Date,
  backOff: BackOff,
): Decision<FeedState> {
  if (state.leaseOwner !== owner) return {};
  const failures = error ? state.failures + 1 : 0;
  const delay = error ? Math.min(backOff.maxMs, backOff.baseMs * 2 ** (failures - 1)) : 0;
  return {
    state: {
      ...state,
      leaseOwner: null,
      leaseUntil: null,
      lastSyncAt: now,
      lastSuccessAt: error ? state.lastSuccessAt : now,
      lastError: error ? error.slice(0, 1000) : null,
      failures,
      nextAttemptAt: error ? new Date(now.getTime() + delay) : null,
    },
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the channel shows of its polls (the catalog keeps it on the channel: `feedSync`). */
export const feedSyncOf = (state: FeedState): FeedSync => ({
  lastSyncAt: iso(state.lastSyncAt)!,
  lastSuccessAt: iso(state.lastSuccessAt),
  lastError: state.lastError,
  consecutiveFailures: state.failures,
  nextAttemptAt: iso(state.nextAttemptAt),
});
