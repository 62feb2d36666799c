import { AppError } from '@stockyard/service-kit';
import { KeyedMutex } from '@stockyard/service-kit/store';
import { enrichmentPending, finishEnrichment, templateVersionOf, type CategoryState } from '../domain/category';
import type { CategoryReads, CategoryStore } from '../store/category.repository';
import type { ProductQueries } from '../store/product.queries';
import type { ProductWriter } from './product-writer';

/** Products per batched change; the template version is checked again between chunks. */
const CHUNK = 500;

/**
 * The job a template change leaves (`category.template_changed`): the category's products
 * settled on its new template in the writer's batched change (one read per 500, bulk writes
 * of those whose `enriched` flips; a derived field, so no `product.updated`), then the
 * category's enrichment DONE with the count, guarded on the version. Idempotent: a second
 * run of the same version finds it DONE, or (after a crash mid-run) re-settles and changes
 * only what the first run had not.
 */
export class CategoryEnrichment {
  /** One job per category at a time in this process: an older one stops before the newer starts. */
  private readonly running = new KeyedMutex();

  constructor(
    private readonly store: CategoryStore,
    private readonly categories: CategoryReads,
    private readonly products: ProductQueries,
    private readonly writer: () => ProductWriter,
  ) {}

  run(orgId: string, categoryId: string, templateVersion: number): Promise<void> {
    return this.running.run(`${orgId}/${categoryId}`, async () => {
      let category = await this.categories.read(orgId, categoryId);
      // Gone, DONE already (a redelivery), or moved on (the newer version's event follows).
      if (!category || !enrichmentPending(category, templateVersion)) return;
      for (;;) {
        const changed = await this.settle(category);
        const now = await this.categories.read(orgId, categoryId);
        if (!now) return;
        if (templateVersionOf(now) === templateVersionOf(category)) {
          await this.finish(orgId, categoryId, templateVersionOf(now), changed);
          return;
        }
        // The template moved while this run wrote (another replica's run may have finished
        // meanwhile): settle again on the newest, so none of this run's writes stays stale.
        category = now;
      }
    });
  }

  /** Marks the enrichment of `templateVersion` DONE; nothing when the category moved on (or is gone). */
  private async finish(orgId: string, id: string, templateVersion: number, productsChanged: number): Promise<void> {
    const now = new Date();
    await this.store
      .change(orgId, id, (current) => finishEnrichment(current, templateVersion, productsChanged, now))
      .catch((err: unknown) => (err instanceof AppError && err.status === 404 ? undefined : Promise.reject(err)));
  }

  /** One pass over the category's products on its template; stops early once the template moved. Answers the flips. */
  private async settle(category: CategoryState): Promise<number> {
    const { orgId, id } = category;
    const ids = await this.products.idsInCategory(orgId, id);
    const templates = new Map([[id, category.template]]);
    let changed = 0;
    for (let from = 0; from < ids.length; from += CHUNK) {
      if (
        from > 0 &&
        templateVersionOf((await this.categories.read(orgId, id)) ?? category) !== templateVersionOf(category)
      )
        return changed;
      const chunk = ids.slice(from, from + CHUNK);
      const outcomes = await this.writer().changeMany(orgId, chunk, (p) => ({ next: p, result: p.enriched }), {
        publish: false,
        templates,
      });
      for (const outcome of outcomes.values()) {
        // A product gone meanwhile has nothing to settle; anything else fails the run (the consumer retries it).
        if (!outcome.ok && outcome.error.status !== 404) throw outcome.error;
        if (outcome.ok && outcome.state.enriched !== outcome.result) changed++;
      }
    }
    return changed;
  }
}
