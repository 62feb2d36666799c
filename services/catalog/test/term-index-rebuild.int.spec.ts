import { eventually } from '@stockyard/testkit';
import { newProduct } from '../src/domain/product-create';
import { startCatalog, type Catalog } from './support/catalog';

/**
 * A database whose products were written before the term indexes existed: a process that
 * starts on it fills them in the background, once, so search and where-used find them.
 */
describe('term index rebuild', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog('org_rebuild');
  });
  afterAll(() => c.close());

  it('indexes the products an older database holds, then records that it is done', async () => {
    const part = await c.product({ name: 'Spring', sku: 'RB-SPRING' });
    const partVariant = c.variantOf(part);
    // Two products stored as an older version of the service left them: no index rows.
    const when = new Date();
    const old = newProduct(
      'org_rebuild',
      { type: 'SIMPLE', name: 'Legacy lantern', price: 5 },
      'RB-LEGACY',
      {
        productId: 'prd_rb_legacy',
        variantId: 'var_rb_legacy',
      },
      when,
    );
    const kit = newProduct(
      'org_rebuild',
      { type: 'BUNDLE', name: 'Legacy kit', components: [{ variantId: partVariant, quantity: 2 }] },
      'RB-KIT',
      { productId: 'prd_rb_kit', variantId: 'var_rb_kit' },
      when,
    );
    const docs = [old, kit].map(({ id, ...fields }) => ({
      ...fields,
      _id: id,
      version: 1,
      createdAt: when,
      updatedAt: when,
    }));
    await c.connection.collection('products').insertMany(docs as never[]);
    await c.connection.collection('term_index_builds').deleteMany({});
    const search = async (text: string) =>
      ((await c.request('GET', `/products?search=${text}`)).body.data as { id: string }[]).map((p) => p.id);
    expect(await search('lantern')).toEqual([]);

    const replica = await c.replica(); // a new process on the same database
    await eventually(async () => ((await search('lantern')).length === 1 ? true : undefined));
    expect(await search('rb-kit')).toEqual(['prd_rb_kit']);
    const usedBy = await c.request('GET', `/products/${part.id}/where-used`);
    expect((usedBy.body.data as { productId: string }[]).map((u) => u.productId)).toEqual(['prd_rb_kit']);
    const builds = c.connection.collection<{ _id: string }>('term_index_builds');
    await eventually(async () => ((await builds.countDocuments({})) === 2 ? true : undefined));
    expect((await builds.find({}).toArray()).map((b) => b._id).sort()).toEqual([
      'product_component_uses',
      'product_search_terms',
    ]);
    await replica.close();
  });
});
