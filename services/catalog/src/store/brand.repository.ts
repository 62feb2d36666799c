import type { CreateBrand, List, Page } from '@stockyard/contracts';
import { AggregateStore, notFound, type OutboxRelay, readPage } from '@stockyard/service-kit';
import { brandView, newBrand, renameBrand, type BrandState } from '../domain/brand';
import { brandInUse, brandNameTaken } from '../domain/brand.errors';
import type { BrandModel } from './brand.model';

export type BrandView = ReturnType<typeof brandView>;

/** Brands: named, unique per organization; deleted for good when no product names them. */
export class BrandRepository {
  private readonly store: AggregateStore<BrandState>;

  constructor(
    private readonly model: BrandModel,
    relay: OutboxRelay,
  ) {
    this.store = new AggregateStore<BrandState>(model, relay, { name: 'Brand', duplicate: brandNameTaken });
  }

  async list(orgId: string, { limit, offset }: Page): Promise<List<BrandView>> {
    const { data, total } = await readPage<BrandState>(this.model, {
      filter: { orgId },
      sort: { nameKey: 1 },
      page: { limit, offset },
    });
    return { data: data.map(brandView), total: total!, limit, offset };
  }

  async get(orgId: string, id: string): Promise<BrandView> {
    const brand = await this.store.read(orgId, id);
    if (!brand) throw notFound('Brand');
    return brandView(brand);
  }

  /** Whether the organization has this brand (a product naming it must). */
  async exists(orgId: string, id: string): Promise<boolean> {
    return (await this.store.read(orgId, id)) !== undefined;
  }

  async create(orgId: string, input: CreateBrand): Promise<BrandView> {
    return brandView(await this.store.create(newBrand(orgId, input)));
  }

  async rename(orgId: string, id: string, name: string): Promise<BrandView> {
    const { state } = await this.store.change(orgId, id, (current) => ({ state: renameBrand(current, name) }));
    return brandView(state);
  }

  /** Deletes the brand for good once `usedBy` says no product (live or trashed) names it. */
  async delete(orgId: string, id: string, usedBy: () => Promise<number>): Promise<void> {
    if (!(await this.store.read(orgId, id))) throw notFound('Brand');
    const count = await usedBy();
    if (count > 0) throw brandInUse(count);
    await this.model.deleteOne({ _id: id, orgId });
    this.store.forget(orgId, id);
  }
}
