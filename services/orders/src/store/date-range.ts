/** A list's date filter from its `startDate`/`endDate` (inclusive), or undefined when neither is given. */
export function dateRange(start: Date | undefined, end: Date | undefined): Record<string, Date> | undefined {
  if (!start && !end) return undefined;
  return { ...(start ? { $gte: start } : {}), ...(end ? { $lte: end } : {}) };
}
