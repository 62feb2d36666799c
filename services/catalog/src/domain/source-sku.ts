import { createHash } from 'node:crypto';
import type { SourceSku } from '@stockyard/contracts';
import { preferredNeedsVariant } from './source-sku.errors';

/**
 * A supplier's SKU (`ssk_…`). Linked to a variant, it is that supplier's offer for it; one
 * offer per variant is preferred. `productId` is the linked variant's product, kept so a
 * cost that follows the offer is one product write without a lookup.
 */
export interface SourceSkuState {
  id: string;
  orgId: string;
  sourceChannelId: string;
  sku: string;
  name: string | null;
  cost: number | null;
  availableQuantity: number | null;
  upc: string | null;
  variantId: string | null;
  productId: string | null;
  preferred: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** The supplier's own data about a SKU: what a feed row or an upsert carries (left out: kept). */
export interface OfferFields {
  name?: string | null;
  cost?: number | null;
  availableQuantity?: number | null;
  upc?: string | null;
}
export const OFFER_FIELDS = ['name', 'cost', 'availableQuantity', 'upc'] as const;

/** The id is derived from the source and the SKU, so an upsert by SKU is a write by `_id`. */
export function sourceSkuId(sourceChannelId: string, sku: string): string {
  return `ssk_${createHash('sha256').update(`${sourceChannelId}\n${sku}`).digest('base64url').slice(0, 24)}`;
}

export type SkuOutcome = 'created' | 'updated' | 'unchanged';

/** The SKU with the supplier's fields applied (a new one when there is none), and what happened. */
export function applyOffer(
  orgId: string,
  sourceChannelId: string,
  sku: string,
  current: SourceSkuState | undefined,
  fields: OfferFields,
  now: Date,
): { next: SourceSkuState; outcome: SkuOutcome } {
  if (!current) {
    const next: SourceSkuState = {
      id: sourceSkuId(sourceChannelId, sku),
      orgId,
      sourceChannelId,
      sku,
      name: fields.name ?? null,
      cost: fields.cost ?? null,
      availableQuantity: fields.availableQuantity ?? null,
      upc: fields.upc ?? null,
      variantId: null,
      productId: null,
      preferred: false,
      createdAt: now,
      updatedAt: now,
    };
    return { next, outcome: 'created' };
  }
  const changed = OFFER_FIELDS.filter((k) => fields[k] !== undefined && fields[k] !== current[k]);
  if (changed.length === 0) return { next: current, outcome: 'unchanged' };
  const next = { ...current, updatedAt: now };
  for (const k of changed) (next as Record<string, unknown>)[k] = fields[k];
  return { next, outcome: 'updated' };
}

/** A link change asked for: `variantId` null unlinks, left out keeps the link. */
interface LinkInput {
  variantId?: string | null;
  preferred?: boolean;
}

/**
 * The SKU with its link applied. `variant` is the product of the variant asked for (checked by
 * the caller); `variantHasPreferred` whether that variant has a preferred offer already. A
 * variant's first offer becomes preferred; an unlinked offer is never preferred.
 */
export function applyLink(
  current: SourceSkuState,
  input: LinkInput,
  variant: { productId: string } | undefined,
  variantHasPreferred: boolean,
  now: Date,
): SourceSkuState {
  const variantId = input.variantId === undefined ? current.variantId : input.variantId;
  if (variantId === null) {
    if (input.preferred) throw preferredNeedsVariant();
    if (current.variantId === null) return current;
    return { ...current, variantId: null, productId: null, preferred: false, updatedAt: now };
  }
  const relinked = variantId !== current.variantId;
  const productId = relinked ? variant!.productId : (variant?.productId ?? current.productId);
  const preferred = input.preferred ?? (relinked ? !variantHasPreferred : current.preferred);
  if (!relinked && productId === current.productId && preferred === current.preferred) return current;
  return { ...current, variantId, productId, preferred, updatedAt: now };
}

/** A variant whose cost should follow an offer: the preferred offer's cost, when it has one. */
export interface CostTarget {
  variantId: string;
  productId: string;
  cost: number;
}

/**
 * The variant's cost follows its preferred offer: when an offer is (or becomes) preferred and
 * its cost or link changed, the variant's cost is to become the offer's cost. Pure; the write
 * compares with the variant's cost and changes nothing when they are equal.
 */
export function costTarget(before: SourceSkuState | undefined, after: SourceSkuState): CostTarget | undefined {
  if (!after.preferred || after.variantId === null || after.productId === null || after.cost === null) return;
  const moved =
    !before ||
    !before.preferred ||
    before.variantId !== after.variantId ||
    before.cost !== after.cost ||
    before.productId !== after.productId;
  return moved ? { variantId: after.variantId, productId: after.productId, cost: after.cost } : undefined;
}

export const sourceSkuView = (s: SourceSkuState): SourceSku => ({
  id: s.id,
  sourceChannelId: s.sourceChannelId,
  sku: s.sku,
  name: s.name,
  cost: s.cost,
  availableQuantity: s.availableQuantity,
  variantId: s.variantId,
  upc: s.upc,
  preferred: s.preferred,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});
