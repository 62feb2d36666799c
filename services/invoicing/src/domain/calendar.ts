/** Calendar dates (`YYYY-MM-DD`, UTC) and instants as the wire shows them. */

/** `YYYY-MM-DD` of an instant (UTC). */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** A calendar date plus some days. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return dayOf(at);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`): positive when `to` is later. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** An instant as ISO 8601, or null. */
export const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
