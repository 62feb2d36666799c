import { isDuplicateKeyError } from '@stockyard/service-kit';
import { Schema, type Connection, type Model } from 'mongoose';
import { prefixEnd, sharedPrefixesOf } from '../domain/variant-search';

/**
 * A row of the variant search index: a term of a variant (`shared: false`), or a prefix one of
 * its terms shares with the term before it (`shared: true`, domain/variant-search.ts). `key` and
 * `at` place the variant in GET /variants' order (its row of the variant list).
 */
export interface VariantSearchRow {
  _id: string;
  orgId: string;
  productId: string;
  term: string;
  shared: boolean;
  key: string;
  at: Date;
  /** The product's version the row was last written for. */
  version: number;
}

/** A variant as the index holds it: its key in the variant list and its sorted terms. */
export interface IndexedVariant {
  key: string;
  terms: readonly string[];
}

const rowSchema = new Schema<VariantSearchRow>(
  {
    _id: String,
    orgId: String,
    productId: String,
    term: String,
    shared: Boolean,
    key: String,
    at: Date,
    version: Number,
  },
  { versionKey: false },
);
// A search's terms and shared prefixes: a range of terms, counted or read; a product's rows.
rowSchema.index({ orgId: 1, shared: 1, term: 1 });
rowSchema.index({ orgId: 1, productId: 1 });

const SEP = '\u0000';

/**
 * The variant search index (`variant_search_terms`): kept with the variant list from the
 * product's `product.variant_list_changed`, so GET /variants?search= counts its matches with
 * two index ranges and reads the matching variants' keys, never their products, to order them.
 */
export class VariantSearchRows {
  readonly model: Model<VariantSearchRow>;

  constructor(connection: Connection) {
    this.model =
      (connection.models.VariantSearchRow as Model<VariantSearchRow> | undefined) ??
      connection.model<VariantSearchRow>('VariantSearchRow', rowSchema, 'variant_search_terms');
  }

  /**
   * The product's rows become those of these variants, as of `version`: nothing when a newer
   * version wrote them already (a replay), else the rows it no longer has go and new ones come.
   */
  async replace(orgId: string, productId: string, version: number, variants: readonly IndexedVariant[], at: Date) {
    const stored = version === 1 ? [] : await this.model.find({ orgId, productId }, { version: 1 }).lean();
    if (stored.some((r) => r.version > version)) return;
    const wanted = new Map(rowsOf(orgId, productId, version, variants, at).map((r) => [r._id, r]));
    const stale = stored.filter((r) => !wanted.has(r._id)).map((r) => r._id);
    const kept = stored.filter((r) => wanted.has(r._id) && r.version < version).map((r) => r._id);
    const have = new Set(stored.map((r) => r._id));
    const added = [...wanted.values()].filter((r) => !have.has(r._id));
    if (stale.length) await this.model.deleteMany({ orgId, productId, _id: { $in: stale } });
    if (kept.length) await this.model.updateMany({ orgId, productId, _id: { $in: kept } }, { $set: { version } });
    if (added.length) {
      await this.model.collection.insertMany(added as never[], { ordered: false }).catch((err: unknown) => {
        if (!isDuplicateKeyError(err)) throw err; // a replay racing this one wrote the same row
      });
    }
  }

  /** How many terms (or shared prefixes) of the organization's variants start with the key: an index range. */
  count(orgId: string, key: string, shared: boolean): Promise<number> {
    return this.model.countDocuments({ orgId, shared, term: { $gte: key, $lt: prefixEnd(key) } });
  }

  /** The variants with a term starting with the key, each once, in no order. */
  async matching(orgId: string, key: string): Promise<{ key: string; at: Date }[]> {
    const filter = { orgId, shared: false, term: { $gte: key, $lt: prefixEnd(key) } };
    const rows = await this.model.find(filter, { key: 1, at: 1 }).lean();
    const byKey = new Map(rows.map((r) => [r.key, r.at]));
    return [...byKey].map(([k, at]) => ({ key: k, at }));
  }
}

/** The index's rows of a product's variants: every term, and the prefixes each shares with the one before. */
export function rowsOf(
  orgId: string,
  productId: string,
  version: number,
  variants: readonly IndexedVariant[],
  at: Date,
): VariantSearchRow[] {
  return variants.flatMap(({ key, terms }) => {
    const row = (term: string, shared: boolean, id: string) => ({
      _id: id,
      orgId,
      productId,
      term,
      shared,
      key,
      at,
      version,
    });
    return [
      ...terms.map((term) => row(term, false, [orgId, key, 't', term].join(SEP))),
      ...sharedPrefixesOf(terms).map((s) => row(s.prefix, true, [orgId, key, 's', s.term].join(SEP))),
    ];
  });
}
