/**
 * The list queries rewritten so that the local store reads an index range (README, "Lists"):
 * each answers what the query it replaced answers, run here as the reference on the same data,
 * ties and other organizations' rows included.
 */
import crypto from 'node:crypto';
import mongoose from 'mongoose';
import { infraEnv } from '@stockyard/testkit';
import { listingModel } from '../src/store/listing.model';
import { ListingReads } from '../src/store/listing.repository';
import { productModel } from '../src/store/product.model';
import { ProductQueries } from '../src/store/product.queries';
import { ComponentUses } from '../src/store/component-uses';
import { VariantList } from '../src/store/variant-list';
import { ProductSearch } from '../src/store/product-search';
import { termRows } from '@stockyard/service-kit/search';
import { componentUsesOf } from '../src/domain/component-uses';
import { aProduct } from './support/builders';

const ORG = 'org_1'; // the builders' organization
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute));
const ids = (rows: { _id?: unknown; id?: unknown }[]) => rows.map((r) => String(r._id ?? r.id));

describe('list queries read the same rows as the queries they replaced', () => {
  let conn: mongoose.Connection;
  let products: ReturnType<typeof productModel>;
  let listings: ReturnType<typeof listingModel>;

  beforeAll(async () => {
    const dbName = `catalog_list_queries_${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
    conn = await mongoose.createConnection(infraEnv().mongoUrl, { dbName, autoIndex: false }).asPromise();
    products = productModel(conn);
    listings = listingModel(conn);
    await Promise.all([products.createIndexes(), listings.createIndexes()]);

    // 30 products: 14 trashed (ties on deletedAt), 16 live; another organization's, trashed too.
    const states = Array.from({ length: 30 }, (_, i) => {
      const { id, ...p } = aProduct();
      const deletedAt = i % 2 === 0 && i < 28 ? at(i % 3) : null;
      return { _id: id, ...p, deletedAt, createdAt: at(i) };
    });
    const { id: otherId, ...other } = aProduct();
    await products.collection.insertMany([
      ...states,
      { _id: otherId, ...other, orgId: 'org_2', deletedAt: at(1) },
    ] as never[]);

    // Listings of three channels, with and without variants and parents, some of another organization.
    const rows = Array.from({ length: 40 }, (_, i) => ({
      _id: `lst_${i}`,
      orgId: i % 10 === 9 ? 'org_2' : ORG,
      channelId: `ch_${i % 3}`,
      productId: `prd_x${i % 4}`,
      variantId: i % 5 === 0 ? null : `var_x${i % 6}`,
      externalProductId: `ext_${i}`,
      externalVariantId: null,
      externalParentId: i % 4 === 0 ? null : `par_${i % 7}`,
      createdAt: at(i % 5),
      updatedAt: at(i % 5),
    }));
    await listings.collection.insertMany(rows as never[]);
  });

  afterAll(async () => {
    await conn?.dropDatabase();
    await conn?.close();
  });

  it('the trash, page by page, and its total', async () => {
    const queries = new ProductQueries(
      products,
      new ProductSearch(conn),
      new ComponentUses(conn),
      new VariantList(conn, products),
    );
    const before = { orgId: ORG, deletedAt: { $ne: null } };
    const expected = ids(await products.find(before).sort({ deletedAt: -1, _id: -1 }).lean());
    expect(expected).toHaveLength(14);
    const seen: string[] = [];
    for (let offset = 0; offset < 20; offset += 5) {
      const page = await queries.trash(ORG, { offset, limit: 5 });
      expect(page.total).toBe(14);
      seen.push(...ids(page.data));
    }
    expect(seen).toEqual(expected);
  });

  it('the data-health job reads every product of the organization, live and trashed, page by page', async () => {
    const queries = new ProductQueries(
      products,
      new ProductSearch(conn),
      new ComponentUses(conn),
      new VariantList(conn, products),
    );
    const expected = ids(await products.find({ orgId: ORG }).lean()).sort();
    expect(expected.length).toBeGreaterThan(14);
    const seen: string[] = [];
    let pages = 0;
    for await (const page of queries.healthRowPages(ORG, 3)) {
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page.map((r) => r.id));
      pages++;
    }
    expect(seen.sort()).toEqual(expected);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(expected.length / 3));
  });

  it('trashed ids, all and in ranges, page by page across ties, with how many remain after each', async () => {
    const queries = new ProductQueries(
      products,
      new ProductSearch(conn),
      new ComponentUses(conn),
      new VariantList(conn, products),
    );
    for (const range of [
      {},
      { deletedAfter: at(1) },
      { deletedBefore: at(1) },
      { deletedAfter: at(1), deletedBefore: at(1) },
    ]) {
      const deletedAt: Record<string, Date | null> = { $ne: null };
      if ('deletedAfter' in range && range.deletedAfter) deletedAt.$gte = range.deletedAfter;
      if ('deletedBefore' in range && range.deletedBefore) deletedAt.$lte = range.deletedBefore;
      const expected = ids(await products.find({ orgId: ORG, deletedAt }).sort({ deletedAt: 1, _id: 1 }).lean());
      expect(expected.length).toBeGreaterThan(0);
      for (const limit of [1, 2, 5, 100]) {
        const seen: string[] = [];
        let startingAfter: string | undefined;
        for (let call = 0; call < 20; call++) {
          const page = await queries.trashedPage(ORG, range, limit, startingAfter);
          seen.push(...page.ids);
          expect(page.remaining).toBe(expected.length - seen.length);
          if (page.next === null) break;
          startingAfter = page.next;
        }
        expect(seen).toEqual(expected);
      }
    }
  });

  it('live ids page by page, by id, with how many remain after each', async () => {
    const queries = new ProductQueries(
      products,
      new ProductSearch(conn),
      new ComponentUses(conn),
      new VariantList(conn, products),
    );
    const expected = ids(await products.find({ orgId: ORG, deletedAt: null }).sort({ _id: 1 }).lean());
    expect(expected).toHaveLength(16);
    for (const limit of [1, 3, 16, 100]) {
      const seen: string[] = [];
      let startingAfter: string | undefined;
      for (let call = 0; call < 20; call++) {
        const page = await queries.livePage(ORG, limit, startingAfter);
        seen.push(...page.ids);
        expect(page.remaining).toBe(expected.length - seen.length);
        if (page.next === null) break;
        startingAfter = page.next;
      }
      expect(seen).toEqual(expected);
    }
  });

  it('products using variants, through the component-use index in chunks of ids, and their count', async () => {
    const uses = new ComponentUses(conn);
    const queries = new ProductQueries(products, new ProductSearch(conn), uses, new VariantList(conn, products));
    // Names with ties, and ones whose UTF-16 and UTF-8 orders differ (MongoDB compares bytes).
    const names = ['Kit', 'kit', 'Éclair', 'Zed', '\u{1F600} smile', '\uFFFD odd', 'Kit'];
    const users = Array.from({ length: 1_230 }, (_, i) => {
      const type = i % 3 === 0 ? 'ASSEMBLY' : 'BUNDLE';
      const variantId = i < 1_200 ? 'var_used_a' : 'var_used_b';
      const user = aProduct({ type, name: names[i % names.length], components: [{ variantId, quantity: 1 }] });
      return i % 97 === 0 ? { ...user, deletedAt: at(i % 3) } : user;
    });
    const { id: otherId, ...other } = aProduct({
      type: 'BUNDLE',
      components: [{ variantId: 'var_used_a', quantity: 1 }],
    });
    await products.collection.insertMany([
      ...users.map(({ id, ...p }) => ({ _id: id, ...p })),
      { _id: otherId, ...other, orgId: 'org_2' },
    ] as never[]);
    // The rows the writes keep (none for the trashed), one stale row of a trashed user, the other organization's.
    await uses.model.collection.insertMany([
      ...users.flatMap((u) => termRows(ORG, u.id, 1, componentUsesOf(u))),
      ...termRows(ORG, users[0]!.id, 1, ['var_used_a']),
      ...termRows('org_2', otherId, 1, ['var_used_a']),
    ] as never[]);

    for (const variantIds of [['var_used_a'], ['var_used_b'], ['var_used_b', 'var_used_a'], ['var_none'], []]) {
      const filter = { orgId: ORG, deletedAt: null, componentVariantIds: { $in: variantIds } };
      const expected = ids(await products.find(filter).sort({ name: 1, _id: 1 }).lean());
      expect(ids(await queries.usingComponents(ORG, variantIds))).toEqual(expected);
      expect(await queries.countUsingComponents(ORG, variantIds)).toBe(expected.length);
    }
    expect(await queries.countUsingComponents(ORG, ['var_used_a'])).toBe(1_187);
  });

  it('listings of variants: one count per variant, repeated and unknown ones included', async () => {
    const repo = new ListingReads(listings);
    for (const variantIds of [['var_x1'], ['var_x1', 'var_x2', 'var_x1'], ['var_x3', 'var_none'], []]) {
      const expected = await listings.countDocuments({ orgId: ORG, variantId: { $in: variantIds } });
      expect(await repo.listingCountOfVariants(ORG, variantIds)).toBe(expected);
    }
    expect(await repo.listingCountOfVariants(ORG, ['var_x1', 'var_x2'])).toBeGreaterThan(0);
  });

  it('listings with a parent, by parent then channel', async () => {
    const repo = new ListingReads(listings);
    const rows = await repo.withParents(ORG);
    const expected = await listings
      .find({ orgId: ORG, externalParentId: { $ne: null } }, { channelId: 1, externalParentId: 1, productId: 1 })
      .lean();
    const key = (r: object) => String((r as { _id: unknown })._id);
    expect(rows.map(key).sort()).toEqual(expected.map(key).sort());
    const order = rows.map((r) => `${r.externalParentId}\u0000${r.channelId}`);
    expect(order).toEqual([...order].sort());
  });

  it('a channel’s listings of a product or a parent, page by page, and their totals', async () => {
    const repo = new ListingReads(listings);
    for (const filter of [{}, { productId: 'prd_x1' }, { externalParentId: 'par_3' }]) {
      const query = { orgId: ORG, channelId: 'ch_1', ...filter };
      const expected = ids(await listings.find(query).sort({ createdAt: 1, _id: 1 }).lean());
      expect(expected.length).toBeGreaterThan(0);
      const seen: string[] = [];
      for (let offset = 0; offset < 16; offset += 2) {
        const page = await repo.list(ORG, 'ch_1', filter, { offset, limit: 2 });
        expect(page.total).toBe(expected.length);
        seen.push(...ids(page.data));
      }
      expect(seen).toEqual(expected);
    }
  });
});
