import type { BroadcastCache } from '@stockyard/service-kit';
import DataLoader from 'dataloader';
import { unknownVariant } from '../domain/stock.errors';
import type { CatalogVariants } from '../peers/catalog-variants';
import type { VariantRepository } from '../store/variant.repository';

/** A variant a request names, and the field that named it (`variantId`, `lines.3.variantId`). */
interface NamedVariant {
  variantId: string;
  field: string;
}

const UNKNOWN = Symbol('unknown');
/** Thrown by the cache's loader for a variant not known live, so that nothing is cached; caught below. */
const NOT_LIVE = new Error('not a live variant');
const key = (orgId: string, variantId: string) => `${orgId}:${variantId}`;

/**
 * Whether variants stock is created for are live catalog variants (README: unknown variants).
 * The read model (fed by the catalog's events) answers first; what it has not heard of, or
 * holds as deleted, is asked of the catalog in one batched call, since events may lag. A live
 * answer is cached per process (BroadcastCache: a variant.deleted event drops it on every
 * replica), so a stream of adjusts of the same variants costs no read at all.
 */
export class VariantCheck {
  constructor(
    private readonly variants: VariantRepository,
    private readonly catalog: CatalogVariants,
    private readonly live: BroadcastCache<true>,
  ) {}

  /** 422 `unknown_variant` naming every unknown one; 503 `dependency_unavailable` when only the catalog could tell. */
  async assertLive(orgId: string, named: NamedVariant[]): Promise<void> {
    if (named.length === 0) return;
    const loader = new DataLoader<string, true | typeof UNKNOWN>((ids) => this.lookUp(orgId, ids));
    const answers = await Promise.all(
      named.map(({ variantId }) =>
        this.live
          .get(key(orgId, variantId), async () => {
            if ((await loader.load(variantId)) === UNKNOWN) throw NOT_LIVE;
            return true;
          })
          .then(
            () => true,
            (err: unknown) => (err === NOT_LIVE ? false : Promise.reject(err)),
          ),
      ),
    );
    const unknown = named.filter((_, i) => !answers[i]);
    if (unknown.length > 0) throw unknownVariant(...unknown);
  }

  /** Drops what this process (and every replica) remembers of the variant: it was deleted. */
  forget(orgId: string, variantId: string): Promise<void> {
    return this.live.changed(key(orgId, variantId));
  }

  private async lookUp(orgId: string, ids: readonly string[]): Promise<(true | typeof UNKNOWN)[]> {
    const local = await this.variants.liveness(orgId, [...ids]);
    const ask = ids.filter((id) => local.get(id) !== true);
    // The catalog down: a variant the read model holds as deleted is unknown; one it never heard of is a 503.
    const fromCatalog =
      ask.length === 0
        ? new Set<string>()
        : await this.catalog(orgId, ask).catch((err: unknown) => {
            if (ask.some((id) => !local.has(id))) throw err;
            return new Set<string>();
          });
    return ids.map((id) => (local.get(id) === true || fromCatalog.has(id) ? true : UNKNOWN));
  }
}
