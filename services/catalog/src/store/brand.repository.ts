import type { List, Page } from '@stockyard/contracts';
import { AggregateStore, notFound, readPage } from '@stockyard/service-kit';
import { brandView, type BrandState } from '../domain/brand';
import { brandNameTaken } from '../domain/brand.errors';
import type { BrandModel } from './brand.model';

type BrandView = ReturnType<typeof brandView>;

/** Brands' store: named, unique per organization (a taken name is 409). Brands send no events: no relay. */
export const brandStore = (model: BrandModel) =>
  new AggregateStore<BrandState>(model, undefined, { name: 'Brand', duplicate: brandNameTaken });
export type BrandStore = ReturnType<typeof brandStore>;

/** Brands as their views: the list by name, one brand, whether one exists. */
export class BrandReads {
  constructor(
    private readonly model: BrandModel,
    private readonly store: BrandStore,
  ) {}

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
}
