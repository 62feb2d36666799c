import { AppError, type Logger } from '@stockyard/service-kit';
import {
  retireDefaultBesideVariants,
  soleUntouchedDefault,
  untouchedDefaultBesideVariants,
} from '../domain/default-variant';
import type { ProductState } from '../domain/product';
import type { DefaultCandidate, DefaultVariantReviews } from '../store/default-variant-reviews';
import type { DefaultVariantUse } from './default-variant-use';
import type { ProductOutcome, ProductWriter } from './product-writer';

/** What one retirement run decided. */
export interface RetirementCounts {
  retired: number;
  inUse: number;
  /** No longer an untouched default beside variants (edited, deleted, trashed meanwhile), or refused. */
  unchanged: number;
  /** Left for the sweep: a peer did not answer, or the write met contention (503). */
  deferred: number;
}

const isUnavailable = (err: unknown) => err instanceof AppError && err.code === 'dependency_unavailable';

/**
 * Replacing a product's untouched default variant (domain/default-variant.ts) by the variants
 * added to it, once nothing uses it (DefaultVariantUse). A default whose use cannot be checked
 * is kept and written down for the sweep, which decides it once the peers answer.
 */
export class DefaultRetirement {
  constructor(
    private readonly writer: ProductWriter,
    private readonly use: DefaultVariantUse,
    private readonly reviews: DefaultVariantReviews,
    private readonly logger: Logger,
  ) {}

  /**
   * Before the first variant is added: the product's sole untouched default, and whether it goes
   * (`retire`, nothing uses it) or stays (in use, or its use unknown: then written down for the sweep).
   */
  async beforeFirstVariant(product: ProductState): Promise<{ checked?: string; retire?: string }> {
    const variant = soleUntouchedDefault(product);
    if (!variant) return {};
    const candidate = { orgId: product.orgId, productId: product.id, variantId: variant.id };
    try {
      const used = await this.use.usedAmong(candidate.orgId, [variant.id]);
      return { checked: variant.id, retire: used.size === 0 ? variant.id : undefined };
    } catch (err) {
      if (!isUnavailable(err)) throw err;
      this.logger.warn(candidate, 'default variant kept: its use could not be checked; the sweep decides it');
      await this.reviews.add([candidate]);
      return { checked: variant.id };
    }
  }

  /**
   * After a variant was added: an untouched default left beside variants that the add did not
   * check (it read a stale product, or raced another add) is written down for the sweep.
   */
  async afterVariantAdded(product: ProductState, checked: string | undefined): Promise<void> {
    const variant = untouchedDefaultBesideVariants(product);
    if (!variant || variant.id === checked) return;
    await this.reviews.add([{ orgId: product.orgId, productId: product.id, variantId: variant.id }]);
  }

  /**
   * Retires the untouched defaults (one organization's) that sit beside other variants and that
   * nothing uses, in one batched change (`product.updated`, `variant.deleted` as DELETE
   * /variants sends). Each is decided again on its locked product.
   */
  async retire(orgId: string, candidates: DefaultCandidate[]): Promise<RetirementCounts> {
    if (candidates.length === 0) return { retired: 0, inUse: 0, unchanged: 0, deferred: 0 };
    let used: Set<string>;
    try {
      used = await this.use.usedAmong(
        orgId,
        candidates.map((c) => c.variantId),
      );
    } catch (err) {
      if (!isUnavailable(err)) throw err;
      await this.reviews.add(candidates);
      return { retired: 0, inUse: 0, unchanged: 0, deferred: candidates.length };
    }
    const unused = new Map(candidates.filter((c) => !used.has(c.variantId)).map((c) => [c.productId, c.variantId]));
    const now = new Date();
    const outcomes = await this.writer.changeMany(orgId, [...unused.keys()], (p) => {
      const next = retireDefaultBesideVariants(p, unused.get(p.id)!, now);
      return { next, result: next !== p };
    });
    const { counts, retired, deferred } = this.tally(candidates, used, outcomes);
    await this.reviews.add(deferred);
    await this.reviews.done(candidates.filter((c) => !deferred.includes(c)));
    if (retired.length > 0) this.logger.info({ orgId, retired }, 'untouched default variants retired');
    return counts;
  }

  /** Each candidate's fate: in use, retired, unchanged (or refused for good), or deferred (contention). */
  private tally(candidates: DefaultCandidate[], used: Set<string>, outcomes: Map<string, ProductOutcome<boolean>>) {
    const counts: RetirementCounts = { retired: 0, inUse: 0, unchanged: 0, deferred: 0 };
    const retired: DefaultCandidate[] = [];
    const deferred: DefaultCandidate[] = [];
    for (const c of candidates) {
      const outcome = outcomes.get(c.productId);
      if (used.has(c.variantId)) counts.inUse++;
      else if (!outcome || (!outcome.ok && outcome.error.status === 503)) deferred.push(c);
      else if (!outcome.ok) {
        // Refused for good (not a retirement's doing): left as it is, never retried.
        this.logger.warn({ ...c, code: outcome.error.code }, 'default variant left: its product refused the change');
        counts.unchanged++;
      } else if (outcome.result) retired.push(c);
      else counts.unchanged++;
    }
    return { counts: { ...counts, retired: retired.length, deferred: deferred.length }, retired, deferred };
  }
}
