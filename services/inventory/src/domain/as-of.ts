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
