import { COUNT_TEMPLATE_COLUMNS, type WarehouseStockRow } from '@stockyard/contracts';

/** RFC 4180: quote a field when it holds a comma, quote or line break; neutralise formulas. */
function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`; // spreadsheet formula injection
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The count sheet: one line per variant and location in scope, countedQuantity left
 * blank for the counter. `scope` is `all`, `unassigned` or a bin id. With includeEmpty
 * a variant with nothing in scope still gets a line (at the scope's location).
 */
export function countTemplateCsv(
  rows: WarehouseStockRow[],
  scope: string,
  includeEmpty: boolean,
  binNames: Map<string, string>,
): string {
  const lines: string[] = [COUNT_TEMPLATE_COLUMNS.join(',')];
  const inScope = (binId: string | null) =>
    scope === 'all' || (scope === 'unassigned' ? binId === null : binId === scope);
  for (const row of rows) {
    const bins = row.bins.filter((b) => inScope(b.binId) && (includeEmpty || b.onHand > 0));
    if (bins.length === 0 && includeEmpty) {
      const binId = scope === 'all' || scope === 'unassigned' ? null : scope;
      lines.push(
        [row.variantId, row.sku, row.name, binId, binId ? (binNames.get(binId) ?? null) : null, 0, null]
          .map(field)
          .join(','),
      );
    }
    for (const b of bins)
      lines.push([row.variantId, row.sku, row.name, b.binId, b.binName, b.onHand, null].map(field).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
