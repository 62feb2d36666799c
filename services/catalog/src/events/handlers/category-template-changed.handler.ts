import type { TypedEvent } from '@stockyard/contracts';
import type { CategoryEnrichment } from '../../commands/category-enrichment';
import { CATEGORY_TEMPLATE_CHANGED } from '../../domain/category';

export const CATEGORY_TEMPLATE_EVENTS = [CATEGORY_TEMPLATE_CHANGED] as const;

/**
 * Runs the job a category's template change left in its outbox: its products settled on the
 * template, then the category's enrichment DONE. The message is acked once this resolves.
 */
export const categoryTemplateChangedHandler =
  (enrichment: CategoryEnrichment) =>
  async ({ orgId, payload }: TypedEvent<typeof CATEGORY_TEMPLATE_CHANGED>): Promise<void> =>
    enrichment.run(orgId, payload.categoryId, payload.templateVersion);
