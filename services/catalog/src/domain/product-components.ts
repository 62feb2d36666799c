import type { ComponentInput } from '@stockyard/contracts';
import type { Bom, Component, ProductState } from './product';
import { componentsNotAllowed, duplicateComponent } from './product.errors';

/** Rows as stored: each variant once (the schema already refused quantities ≤ 0). */
export function componentRowsOf(rows: ComponentInput[]): Component[] {
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.variantId)) throw duplicateComponent(r.variantId);
    seen.add(r.variantId);
  }
  return rows.map((r) => ({ variantId: r.variantId, quantity: r.quantity }));
}

const sameRows = (a: Component[], b: Component[]) =>
  a.length === b.length && a.every((r, i) => r.variantId === b[i]!.variantId && r.quantity === b[i]!.quantity);

/**
 * The product with new component rows: a BUNDLE's rows are replaced; an ASSEMBLY gets a new
 * active BOM version and keeps the old one inactive (unless the rows are the same).
 */
export function withComponents(p: ProductState, rows: Component[], now: Date): ProductState {
  if (p.type === 'BUNDLE') return sameRows(p.components, rows) ? p : { ...p, components: rows };
  if (p.type === 'ASSEMBLY') {
    const active = p.boms.find((b) => b.active);
    if (active && sameRows(active.rows, rows)) return p;
    const version = Math.max(0, ...p.boms.map((b) => b.version)) + 1;
    const boms: Bom[] = [...p.boms.map((b) => (b.active ? { ...b, active: false } : b))];
    return { ...p, boms: [...boms, { version, active: true, rows, createdAt: now }] };
  }
  if (rows.length === 0) return p;
  throw componentsNotAllowed(p.type);
}
