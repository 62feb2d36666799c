import type { EventEnvelope, Template } from '@stockyard/contracts';
import type { Decision } from '@stockyard/service-kit';
import type { ProductState } from './product';
import { claimedKeys, componentRows } from './product-derived';
import { changeEvents, settle } from './product-settle';
import { categoryNotFound } from './product.errors';

/** A step of a batched product change: the next state, and what the caller wants back of this product. */
export type BatchStep<R> = (current: ProductState) => { next: ProductState; result: R };

/**
 * What a batched change decided on one product: done (written or not), or not decidable in the
 * batch: its category's template is not read yet, or the step wants what only a single change
 * checks (SKU claims, another brand or category, component rows, new variants).
 */
export type BatchResult<R> = { kind: 'done'; value: R } | { kind: 'template'; categoryId: string } | { kind: 'single' };

/** Templates read for a batch, by category id; `undefined` for a category that is gone. */
export type Templates = Map<string, Template | null | undefined>;

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Whether the step's next state needs none of the reads a single change makes before its
 * write: no SKU it does not hold yet (giving some up is fine: the store releases them after the
 * write), the same brand, category, component rows and variant ids.
 */
function needsNoChecks(current: ProductState, next: ProductState): boolean {
  const held = new Set(claimedKeys(current));
  return (
    next.categoryId === current.categoryId &&
    next.brandId === current.brandId &&
    claimedKeys(next).every((k) => held.has(k)) &&
    sameList(
      current.variants.map((v) => v.id),
      next.variants.map((v) => v.id),
    ) &&
    JSON.stringify(componentRows(current)) === JSON.stringify(componentRows(next))
  );
}

/**
 * The pure decision on one product of a batch: the step, settled on its category's template,
 * with the events a single change sends (`changeEvents`, then the caller's `extra`).
 */
export function decideInBatch<R>(
  current: ProductState,
  step: BatchStep<R>,
  templates: Templates,
  publish: boolean,
  extra?: (before: ProductState, after: ProductState) => EventEnvelope[],
): Decision<ProductState, BatchResult<R>> {
  const { categoryId } = current;
  if (categoryId !== null && !templates.has(categoryId)) return { result: { kind: 'template', categoryId } };
  const template = categoryId === null ? null : templates.get(categoryId);
  if (template === undefined) throw categoryNotFound();
  const { next, result } = step(current);
  if (!needsNoChecks(current, next)) return { result: { kind: 'single' } };
  const settled = settle(next, template);
  const events = [...changeEvents(current, settled, publish), ...(extra?.(current, settled) ?? [])];
  return { state: settled, events, result: { kind: 'done', value: result } };
}
