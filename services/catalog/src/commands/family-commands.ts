import { newId } from '@stockyard/service-kit';
import { assertFamily, assertLinkable, childOrder, linkChild, setPosition, unlinkChild } from '../domain/family';
import { newProduct } from '../domain/product-create';
import { productUpdated } from '../domain/product-events';
import type { ProductState } from '../domain/product';
import type { ProductQueries } from '../store/product.queries';
import type { SkuRegistry } from '../store/sku-registry';
import type { ProductCommands } from './product-commands';
import type { ProductWriter } from './product-writer';

/**
 * Families: a FAMILY parent and its SIMPLE children. The child's document holds the link
 * (`parentId`, `position`), so "already in another family" is decided under the child's
 * lock; the family gets a `product.updated` naming `children` for each change.
 */
export class FamilyCommands {
  constructor(
    private readonly writer: ProductWriter,
    private readonly skus: SkuRegistry,
    private readonly queries: ProductQueries,
    private readonly products: ProductCommands,
  ) {}

  /** POST /products/variant-parent: a new FAMILY with the named children (each checked first). */
  async variantParent(orgId: string, input: { name: string; sku?: string; childIds: string[] }) {
    const ids = { productId: newId('prd'), variantId: newId('var') };
    // Children of this family already are the request's first run's (a run again after a crash).
    for (const id of input.childIds) assertLinkable(await this.writer.get(orgId, id), ids.productId);
    const sku = input.sku ?? (await this.skus.generate(orgId, ids.productId));
    const family = newProduct(orgId, { type: 'FAMILY', name: input.name }, sku, ids, new Date());
    await this.writer.create(family, input.sku ? [] : family.skuKeys);
    return this.link(orgId, family.id, input.childIds);
  }

  /**
   * POST /products/{id}/children: links each child after the family's last position. Children
   * in it already stay where they are, and when all were, nothing changes (no event).
   */
  async link(orgId: string, familyId: string, childIds: string[]) {
    const family = await this.writer.get(orgId, familyId);
    assertFamily(family);
    const children = await this.queries.children(orgId, familyId);
    const linked = new Set(children.map((c) => c.id));
    const joining = [...new Set(childIds)].filter((id) => !linked.has(id));
    if (joining.length === 0) return this.products.view(family);
    let next = Math.max(-1, ...children.map((c) => c.position ?? 0)) + 1;
    for (const id of joining) {
      const position = next++;
      await this.writer.change(orgId, id, (child) => linkChild(child, familyId, position));
    }
    return this.touched(orgId, familyId);
  }

  async unlink(orgId: string, familyId: string, childId: string) {
    assertFamily(await this.writer.get(orgId, familyId));
    await this.writer.change(orgId, childId, (child) => unlinkChild(child, familyId));
    return this.touched(orgId, familyId);
  }

  async order(orgId: string, familyId: string, orderedChildIds: string[]) {
    assertFamily(await this.writer.get(orgId, familyId));
    const children = await this.queries.children(orgId, familyId);
    const positions = childOrder(
      children.map((c) => c.id),
      orderedChildIds,
    );
    // Up to 500 children: one batched change (a position needs none of a single change's reads).
    const outcomes = await this.writer.changeMany(orgId, [...positions.keys()], (c) => ({
      next: setPosition(c, positions.get(c.id)!),
      result: undefined,
    }));
    for (const outcome of outcomes.values()) if (!outcome.ok) throw outcome.error;
    return this.touched(orgId, familyId);
  }

  /** The family's `product.updated` (changes: children) and its view with the children now. */
  private async touched(orgId: string, familyId: string) {
    const family = await this.writer.change(orgId, familyId, (p: ProductState) => p, {
      events: (_before, after) => [productUpdated(after, ['children'])],
    });
    return this.products.view(family);
  }
}
