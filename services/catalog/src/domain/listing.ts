import { createHash } from 'node:crypto';
import type { Listing, ListingInput } from '@stockyard/contracts';

/** A channel's listing of a product (or one of its variants) under the channel's external ids. */
export interface ListingState {
  id: string;
  orgId: string;
  channelId: string;
  productId: string;
  variantId: string | null;
  externalProductId: string;
  externalVariantId: string | null;
  externalParentId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A listing is named by what the channel's orders name: its external product and variant ids.
 * The id is derived from them (`lst_` + a digest), so an upsert is a write by `_id`.
 */
export function listingId(channelId: string, externalProductId: string, externalVariantId: string | null): string {
  const digest = createHash('sha256')
    .update(`${channelId}\n${externalProductId}\n${externalVariantId ?? ''}`)
    .digest('base64url');
  return `lst_${digest.slice(0, 24)}`;
}

export type UpsertOutcome = 'created' | 'updated' | 'unchanged';

/** The listing an input makes, given the stored one (if any), and what happened to it. */
export function upsertListing(
  orgId: string,
  channelId: string,
  current: ListingState | undefined,
  input: ListingInput,
  now: Date,
): { next: ListingState; outcome: UpsertOutcome } {
  const fields = {
    productId: input.productId,
    variantId: input.variantId ?? null,
    externalParentId: input.externalParentId ?? null,
  };
  if (!current) {
    const externalVariantId = input.externalVariantId ?? null;
    return {
      outcome: 'created',
      next: {
        id: listingId(channelId, input.externalProductId, externalVariantId),
        orgId,
        channelId,
        externalProductId: input.externalProductId,
        externalVariantId,
        ...fields,
        createdAt: now,
        updatedAt: now,
      },
    };
  }
  const same = (Object.keys(fields) as (keyof typeof fields)[]).every((k) => current[k] === fields[k]);
  return same
    ? { outcome: 'unchanged', next: current }
    : { outcome: 'updated', next: { ...current, ...fields, updatedAt: now } };
}

export const listingView = (l: ListingState): Listing => ({
  id: l.id,
  channelId: l.channelId,
  productId: l.productId,
  variantId: l.variantId,
  externalProductId: l.externalProductId,
  externalVariantId: l.externalVariantId,
  externalParentId: l.externalParentId,
  createdAt: l.createdAt.toISOString(),
  updatedAt: l.updatedAt.toISOString(),
});
