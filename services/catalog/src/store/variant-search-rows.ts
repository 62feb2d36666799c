import { isDuplicateKeyError } from '@stockyard/service-kit';
import { Schema, type Connection, type Model } from 'mongoose';
import { prefixEnd, sharedPrefixesOf } from '../domain/variant-search';

/**
 * A row of the variant search index: a term of a variant (`shared: false`), or a prefix one of
 * its terms shares with the term before it (`shared: true`, domain/variant-search.ts). `key` and
 * `at` place the variant in GET /variants' order (its row of the variant list).
 */
interface VariantSearchRow {
  _id: string;
  orgId: string;
  productId: string;
  term: string;
  shared: boolean;
  key: string;
  at: Date;
}

/** A variant as the index holds it: its key in the variant list and its sorted terms. */
export interface IndexedVariant {
  key: string;
  terms: readonly string[];
}

/** A product's variants in the index before and after a write, placed at the product's creation. */
export interface SearchRowsChange {
  orgId: string;
  productId: string;
  before: readonly IndexedVariant[];
  after: readonly IndexedVariant[];
  at: Date;
}

const rowSchema = new Schema<VariantSearchRow>(
  { _id: String, orgId: String, productId: String, term: String, shared: Boolean, key: String, at: Date },
  { versionKey: false },
);
// A search's terms and shared prefixes: a range of terms, counted or read. A write finds a
// product's rows by their ids (computed from the terms its variant-list rows held).
rowSchema.index({ orgId: 1, shared: 1, term: 1 });

const SEP = '\u0000';

/**
 * The variant search index (`variant_search_terms`): kept with the variant list from the
 * product's `product.variant_list_changed` (the list's rows hold each variant's terms, so a
 * write knows the rows it replaces without reading them), so GET /variants?search= counts its
 * matches with two index ranges and reads the matching variants' keys, never their products.
 */
export class VariantSearchRows {
  readonly model: Model<VariantSearchRow>;

  constructor(connection: Connection) {
    this.model =
      (connection.models.VariantSearchRow as Model<VariantSearchRow> | undefined) ??
      connection.model<VariantSearchRow>('VariantSearchRow', rowSchema, 'variant_search_terms');
  }

  /**
   * Products' rows go from those of their variants `before` (the terms their variant-list rows
   * hold) to those of `after`: only the rows that differ are deleted (by id, one delete per
   * organization) or inserted (one insert), so a variant's write touches that variant's rows,
   * and doing it again changes nothing.
   */
  async replace(changes: readonly SearchRowsChange[]): Promise<void> {
    const stale = new Map<string, string[]>(); // by organization
    const added: VariantSearchRow[] = [];
    for (const { orgId, productId, before, after, at } of changes) {
      const old = new Set(rowsOf(orgId, productId, before, at).map((r) => r._id));
      const wanted = rowsOf(orgId, productId, after, at);
      const kept = new Set(wanted.map((r) => r._id));
      stale.set(orgId, [...(stale.get(orgId) ?? []), ...[...old].filter((id) => !kept.has(id))]);
      added.push(...wanted.filter((r) => !old.has(r._id)));
    }
    for (const [orgId, ids] of stale) if (ids.length) await this.model.deleteMany({ orgId, _id: { $in: ids } });
    if (added.length) {
      await this.model.collection.insertMany(added as never[], { ordered: false }).catch((err: unknown) => {
        if (!isDuplicateKeyError(err)) throw err; // written already (a replay, or a retry after a failure)
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
  variants: readonly IndexedVariant[],
  at: Date,
): VariantSearchRow[] {
  return variants.flatMap(({ key, terms }) => {
    const row = (term: string, shared: boolean, id: string) => ({ _id: id, orgId, productId, term, shared, key, at });
    return [
      ...terms.map((term) => row(term, false, [orgId, key, 't', term].join(SEP))),
      ...sharedPrefixesOf(terms).map((s) => row(s.prefix, true, [orgId, key, 's', s.term].join(SEP))),
    ];
  });
}
