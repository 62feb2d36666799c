import type { Collection } from 'mongoose';
import { isDuplicateKeyError } from '../db/mongo';
import type { AppError } from '../errors';

/** A claim is written before its holder's write; one younger than this may belong to a write still in flight. */
const STALE_AFTER_MS = 60_000;

export interface UniqueClaimsOptions {
  /** The claims collection: one document per claimed value, `_id` `${orgId}:${key}`. */
  collection: Collection;
  /** The form values are compared in (an upper-cased SKU, a lower-cased code). */
  keyOf: (value: string) => string;
  /** The claim document's field naming its holder (`productId`) and the value as given (`sku`). */
  holderField: string;
  valueField: string;
  /** The holders' collection: a stale claim's holder is read from it by `_id`. */
  holders: Collection;
  /**
   * Whether a stored holder of the claim's organization still uses the key (a live record that has
   * it): else, or when it is gone, its claim is stale and taken over.
   */
  holds: (holder: Record<string, unknown>, key: string) => boolean;
  /** The error a value someone else holds is (409 `sku_taken`). */
  taken: (value: string) => AppError;
}

/**
 * Values unique per organization (SKUs, warehouse codes, and numbers to come: purchase
 * orders', invoices' per vendor), guarded without transactions: a value is claimed by one
 * holder with a unique `_id` insert, atomic on FerretDB too, before the holder's write, and
 * released after a write that gives it up. A claim whose holder is gone or no longer uses the
 * value (a crash between a claim and its write or release) is taken over once it is older
 * than a write can take.
 */
export class UniqueClaims {
  constructor(private readonly options: UniqueClaimsOptions) {}

  /** The form a value is claimed in (`keyOf` of the options). */
  keyOf(value: string): string {
    return this.options.keyOf(value);
  }

  private id(orgId: string, key: string): string {
    return `${orgId}:${key}`;
  }

  /**
   * Claims each value for the holder; answers the keys newly claimed (release them if the
   * write that needs them fails). The first value someone else holds is its `taken` error,
   * and nothing is left claimed.
   */
  async claim(orgId: string, holder: string, values: readonly string[]): Promise<string[]> {
    const claimed: string[] = [];
    try {
      for (const value of values) {
        const key = this.options.keyOf(value);
        if (await this.claimOne(orgId, holder, key, value)) claimed.push(key);
      }
    } catch (err) {
      await this.release(orgId, holder, claimed);
      throw err;
    }
    return claimed;
  }

  /** Gives up the holder's claims on these keys (another holder's claims are left alone). */
  async release(orgId: string, holder: string, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const _id = keys.length === 1 ? this.id(orgId, keys[0]!) : { $in: keys.map((k) => this.id(orgId, k)) };
    await this.options.collection.deleteMany({ _id, [this.options.holderField]: holder } as never);
  }

  /**
   * `release` for many holders in one delete: the keys by holder. A key a holder gives up was
   * its own claim until then (no other holder could have it), so one filter covers them all.
   */
  async releaseMany(orgId: string, keysByHolder: ReadonlyMap<string, readonly string[]>): Promise<void> {
    const ids = [...keysByHolder.values()].flat().map((k) => this.id(orgId, k));
    if (ids.length === 0) return;
    const holders = { $in: [...keysByHolder.keys()] };
    await this.options.collection.deleteMany({ _id: { $in: ids }, [this.options.holderField]: holders } as never);
  }

  /** The holder of each value someone holds, by key. */
  async holders(orgId: string, values: readonly string[]): Promise<Map<string, string>> {
    if (values.length === 0) return new Map();
    const ids = [...new Set(values.map((v) => this.id(orgId, this.options.keyOf(v))))];
    const rows = await this.options.collection.find({ _id: { $in: ids } } as never).toArray();
    return new Map(rows.map((r) => [String(r._id).slice(orgId.length + 1), r[this.options.holderField] as string]));
  }

  private async claimOne(orgId: string, holder: string, key: string, value: string): Promise<boolean> {
    const { collection, holderField, valueField } = this.options;
    const _id = this.id(orgId, key);
    try {
      await collection.insertOne({
        _id,
        orgId,
        [valueField]: value,
        [holderField]: holder,
        createdAt: new Date(),
      } as never);
      return true;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
    const held = await collection.findOne({ _id } as never);
    if (!held) return this.claimOne(orgId, holder, key, value); // released meanwhile
    const heldBy = held[holderField] as string;
    if (heldBy === holder) return false;
    const createdAt = held.createdAt as Date | undefined;
    const young = createdAt !== undefined && Date.now() - createdAt.getTime() <= STALE_AFTER_MS;
    if (young || (await this.stillHolds(orgId, heldBy, key))) throw this.options.taken(value);
    const takeover = await collection.updateOne({ _id, [holderField]: heldBy } as never, {
      $set: { [holderField]: holder, [valueField]: value, createdAt: new Date() },
    });
    if (takeover.modifiedCount !== 1) throw this.options.taken(value);
    return true;
  }

  private async stillHolds(orgId: string, holder: string, key: string): Promise<boolean> {
    const stored = await this.options.holders.findOne({ _id: holder } as never);
    return !!stored && stored.orgId === orgId && this.options.holds(stored, key);
  }
}
