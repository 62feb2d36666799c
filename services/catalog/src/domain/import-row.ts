import { IMPORT_COLUMNS, MAX_MONEY, MAX_QUANTITY } from '@stockyard/contracts';
import type { OfferFields } from './source-sku';

export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
/** Where each known column is in a row (columns the header lacks are left out: those fields are kept). */
export type ColumnMap = Partial<Record<ImportColumn, number>>;

/** The header's known columns, matched trimmed and case-insensitively; undefined when it has no `sku` column. */
export function columnMap(header: readonly string[]): ColumnMap | undefined {
  const map: ColumnMap = {};
  header.forEach((cell, index) => {
    const column = IMPORT_COLUMNS.find((c) => c.toLowerCase() === cell.trim().toLowerCase());
    if (column && map[column] === undefined) map[column] = index;
  });
  return map.sku === undefined ? undefined : map;
}

export type ParsedRow =
  { ok: true; sku: string; fields: OfferFields } | { ok: false; sku: string | null; code: string; message: string };

const MONEY = /^\d{1,13}(\.\d{1,2})?$/;
const QUANTITY = /^\d{1,10}(\.\d{1,4})?$/;
const reject = (sku: string | null, code: string, message: string): ParsedRow => ({ ok: false, sku, code, message });

/**
 * One data row of a supplier feed. An empty cell leaves the field as stored; a cost must be a
 * plain non-negative amount with at most 2 decimals (`12.5`, not `$12.50` or `12,50`).
 */
export function parseRow(record: readonly string[], columns: ColumnMap): ParsedRow {
  const cell = (column: ImportColumn) => {
    const index = columns[column];
    const value = index === undefined ? undefined : record[index]?.trim();
    return value === '' ? undefined : value;
  };
  const sku = cell('sku');
  if (sku === undefined) return reject(null, 'missing_sku', 'sku is empty');
  if (sku.length > 100 || /[\r\n\t]/.test(sku))
    return reject(sku.slice(0, 100), 'invalid_sku', 'sku must be at most 100 characters on one line');
  const fields: OfferFields = {};
  const name = cell('name');
  if (name !== undefined) {
    if (name.length > 255) return reject(sku, 'invalid_name', 'name must be at most 255 characters');
    fields.name = name;
  }
  const cost = cell('cost');
  if (cost !== undefined) {
    if (!MONEY.test(cost) || Number(cost) > MAX_MONEY)
      return reject(sku, 'invalid_cost', `cost "${cost.slice(0, 40)}" is not an amount like 12.50`);
    fields.cost = Number(cost);
  }
  const quantity = cell('availableQuantity');
  if (quantity !== undefined) {
    if (!QUANTITY.test(quantity) || Number(quantity) > MAX_QUANTITY)
      return reject(sku, 'invalid_quantity', `availableQuantity "${quantity.slice(0, 40)}" is not a quantity`);
    fields.availableQuantity = Number(quantity);
  }
  const upc = cell('upc');
  if (upc !== undefined) {
    if (upc.length > 64) return reject(sku, 'invalid_upc', 'upc must be at most 64 characters');
    fields.upc = upc;
  }
  return { ok: true, sku, fields };
}
