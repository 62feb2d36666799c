import type { InternalVariant, Source, Warehouse } from '@stockyard/contracts';
import { lineTotalCents, type PurchaseOrder } from './purchase-order';

/** What the PDF prints of an order, its supplier and its warehouse: plain text and integer cents. */
export interface PrintedOrder {
  orderNumber: string;
  status: string;
  type: string;
  currency: string;
  dates: [label: string, value: string][];
  supplier: { name: string; lines: string[] };
  warehouse: { name: string; lines: string[] } | null;
  lines: { supplierSku: string; sku: string; name: string; quantity: string; unitCost: string; total: string }[];
  total: string;
  notes: string | null;
}

const day = (d: Date | string | null) => (d ? new Date(d).toISOString().slice(0, 10) : null);

/** Integer cents as `1,234.50` (never a float sum). */
export function formatCents(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  const units = Math.floor(abs / 100).toLocaleString('en-US');
  return `${cents < 0 ? '-' : ''}${units}.${String(abs % 100).padStart(2, '0')}`;
}

const present = (values: (string | null | undefined)[]) => values.filter((v): v is string => !!v && v.trim() !== '');

/**
 * The printed order. The supplier as the catalog holds it now (falling back to the name the order
 * kept); each line's SKU and name as the order kept them, else the variant's (`variants`).
 */
export function printedOrder(
  po: PurchaseOrder,
  source: Source | undefined,
  warehouse: Warehouse | undefined,
  variants: InternalVariant[],
): PrintedOrder {
  const variantOf = new Map(variants.map((v) => [v.id, v]));
  const dates: [string, string | null][] = [
    ['Order date', day(po.createdAt)],
    ['Submitted', day(po.submittedAt)],
    ['Expected', day(po.expectedAt)],
  ];
  return {
    orderNumber: po.orderNumber,
    status: po.status,
    type: po.type,
    currency: po.currency,
    dates: dates.filter((d): d is [string, string] => d[1] !== null),
    supplier: {
      name: source?.name ?? po.supplierName,
      lines: present([
        source?.contactName ? `Attn: ${source.contactName}` : null,
        ...(source?.address ?? '').split('\n'),
        source?.email,
        source?.phone,
      ]),
    },
    warehouse: po.warehouseId
      ? {
          name: warehouse?.name ?? po.warehouseId,
          lines: present([warehouse?.code, ...(warehouse?.address ?? '').split('\n')]),
        }
      : null,
    lines: po.lines.map((l) => ({
      supplierSku: l.supplierSku ?? '',
      sku: l.sku ?? variantOf.get(l.variantId)?.sku ?? '',
      name: l.name ?? variantOf.get(l.variantId)?.name ?? variantOf.get(l.variantId)?.productName ?? l.variantId,
      quantity: String(l.quantity),
      unitCost: formatCents(Math.round(l.unitCost * 100)),
      total: formatCents(lineTotalCents(l)),
    })),
    total: formatCents(po.lines.reduce((sum, l) => sum + lineTotalCents(l), 0)),
    notes: po.notes,
  };
}
