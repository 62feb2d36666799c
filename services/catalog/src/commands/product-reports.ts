import type { Page } from '@stockyard/contracts';
import { liveVariants } from '../domain/product-derived';
import { templateStatus } from '../domain/product-template';
import { componentRows } from '../domain/product-derived';
import type { CategoryReads } from '../store/category.repository';
import type { ProductQueries } from '../store/product.queries';
import type { DataHealthReports } from './data-health-reports';
import type { ProductWriter } from './product-writer';

/** Read-only reports on products: where-used, template status, data health. */
export class ProductReports {
  constructor(
    private readonly writer: ProductWriter,
    private readonly queries: ProductQueries,
    private readonly categories: CategoryReads,
    private readonly health: DataHealthReports,
  ) {}

  /** The live bundles and assemblies (active BOMs) using any of the product's variants, a row per use. */
  async whereUsed(orgId: string, id: string, { limit, offset }: Page) {
    const product = await this.writer.get(orgId, id);
    const variantIds = new Set(liveVariants(product).map((v) => v.id));
    const users = await this.queries.usingComponents(orgId, [...variantIds]);
    const rows = users.flatMap((user) =>
      componentRows(user)
        .filter((row) => variantIds.has(row.variantId))
        .map((row) => ({
          productId: user.id,
          type: user.type,
          name: user.name,
          sku: user.sku,
          archived: user.archived,
          ...(user.type === 'ASSEMBLY' ? { bomVersion: user.boms.find((b) => b.active)?.version ?? null } : {}),
          variantId: row.variantId,
          quantity: row.quantity,
        })),
    );
    return { data: rows.slice(offset, offset + limit), total: rows.length, limit, offset };
  }

  async templateStatus(orgId: string, id: string) {
    const product = await this.writer.get(orgId, id);
    const category = product.categoryId ? await this.categories.read(orgId, product.categoryId) : undefined;
    const status = templateStatus(product as never, category?.template ?? null);
    return { productId: product.id, ...status };
  }

  /** The kept report, as fresh as its status says (a job computes it: commands/data-health-reports.ts). */
  dataHealth(orgId: string) {
    return this.health.report(orgId);
  }
}
