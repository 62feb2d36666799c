import { periodStart } from '@stockyard/contracts';

/**
 * The moment a report is taken at: a date (`2026-03-31`) means the end of that day (UTC), a
 * date-time is taken as given, and neither is later than now (the query refuses the future; a
 * clock a little ahead, or today's date, means now). None given: now.
 */
export function momentOf(given: string | undefined, now: Date): Date {
  if (given === undefined) return now;
  const at = new Date(given.length === 10 ? `${given}T23:59:59.999Z` : given);
  return at.getTime() > now.getTime() ? now : at;
}

/** How far back a period reaches when its start is left out. */
const DEFAULT_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A report's period, both ends included: `to` as `momentOf` takes it (now when left out); `from` a
 * date's first instant (UTC) or a date-time as given, else 30 days before `to`.
 */
export function periodOf(query: { from?: string; to?: string }, now: Date): { from: Date; to: Date } {
  const to = momentOf(query.to, now);
  const from =
    query.from === undefined ? new Date(to.getTime() - DEFAULT_PERIOD_MS) : new Date(periodStart(query.from));
  return { from, to };
}
