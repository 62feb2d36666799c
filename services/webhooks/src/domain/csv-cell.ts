/** A cell a spreadsheet would read as a formula: `=`, `+`, `-`, `@`, a tab or a carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A number as plain decimal text, never in exponent notation (`1e-7` is `0.0000001`, `1e21` has 21 zeros). */
function plainNumber(n: number): string {
  if (!Number.isFinite(n)) return '';
  const text = String(n);
  const e = text.indexOf('e');
  if (e === -1) return text;
  const sign = text.startsWith('-') ? '-' : '';
  const [whole = '', fraction = ''] = text.slice(sign.length, e).split('.');
  const digits = whole + fraction;
  // Where the decimal point falls among the digits once the exponent is applied.
  const point = whole.length + Number(text.slice(e + 1));
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Text a spreadsheet shows as written: a leading `'` keeps a formula from running (OWASP's CSV injection). */
const guarded = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * One value as CSV cell text: null empty, numbers plain decimal, dates ISO 8601 (the API's strings
 * pass as they are), objects and arrays that are not columns of their own as JSON; every text
 * guarded against formulas. Quoting is the writer's (RFC 4180).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return plainNumber(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return guarded(value);
  if (value instanceof Date) return value.toISOString();
  return guarded(JSON.stringify(value));
}
