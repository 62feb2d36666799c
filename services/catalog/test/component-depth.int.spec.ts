import { MAX_BUNDLE_DEPTH, type ErrorBody } from '@stockyard/contracts';
import { startCatalog, type Catalog } from './support/catalog';

/** A product's own rows are level 1; MAX_BUNDLE_DEPTH (20) levels may nest below them: 21 in all. */
describe('component depth: chains of bundles deeper than the limit', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog('org_component_depth');
  });
  afterAll(() => c.close());

  type Product = { id: string; variants: { id: string }[] };
  const rowsOf = (p: Product) => [{ variantId: c.variantOf(p), quantity: 1 }];
  const bundleOf = (p: Product, name: string) => c.product({ type: 'BUNDLE', name, components: rowsOf(p) });
  const expectDepthExceeded = (res: { status: number; body: ErrorBody }) => {
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('component_depth_exceeded');
    expect(res.body.error.message).toContain(String(MAX_BUNDLE_DEPTH));
    expect(res.body.error.details).toEqual([
      { field: 'components', code: 'component_depth_exceeded', message: `maxDepth ${MAX_BUNDLE_DEPTH}` },
    ]);
  };

  /** leaf ← B1 ← B2 ← … ← B21: B21 has 21 levels below it, the most allowed. */
  let chain: Product[];
  beforeAll(async () => {
    chain = [await c.product({ name: 'Leaf' })];
    for (let level = 1; level <= MAX_BUNDLE_DEPTH + 1; level++)
      chain.push(await bundleOf(chain[level - 1]!, `B${level}`));
  });

  it('accepts a chain of 21 levels, refuses a 22nd on top (422 component_depth_exceeded, the limit)', async () => {
    const top = chain[MAX_BUNDLE_DEPTH + 1]!;
    const leaves = await c.internal('/bundles/leaves', { variantIds: [c.variantOf(top)] });
    expect(leaves.status).toBe(200);
    const res = await c.request('POST', '/products', { type: 'BUNDLE', name: 'B22', components: rowsOf(top) });
    expectDepthExceeded(res);
    const onTopByPut = await c.product({ type: 'BUNDLE', name: 'Empty' });
    expectDepthExceeded(await c.request('PUT', `/products/${onTopByPut.id}`, { components: rowsOf(top) }));
  });

  it('refuses growing the chain at its bottom: the bundles above count (422 component_depth_exceeded)', async () => {
    const extra = await bundleOf(await c.product({ name: 'Deeper leaf' }), 'Extra');
    const res = await c.request('PUT', `/products/${chain[1]!.id}`, { components: rowsOf(extra) });
    expectDepthExceeded(res);
    const b1 = (await c.request('GET', `/products/${chain[1]!.id}`)).body;
    expect(b1.components).toEqual(rowsOf(chain[0]!));
  });

  it('still answers a real cycle through a long chain as component_cycle (422)', async () => {
    const res = await c.request('PUT', `/products/${chain[1]!.id}`, {
      components: rowsOf(chain[MAX_BUNDLE_DEPTH + 1]!),
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('component_cycle');
  });

  it('accepts rows that keep the chain at 21 levels (a sibling leaf at the bottom)', async () => {
    const other = await c.product({ name: 'Other leaf' });
    const res = await c.request('PUT', `/products/${chain[1]!.id}`, {
      components: [...rowsOf(chain[0]!), ...rowsOf(other)],
    });
    expect(res.status).toBe(200);
  });
});
