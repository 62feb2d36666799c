import { eventually } from '@stockyard/testkit';
import { newEvent } from '@stockyard/service-kit';
import { outboxOf } from '@stockyard/service-kit/events';
import { startCatalog, type Catalog } from './support/catalog';

const ORG = 'org_category_template';
const GTIN = { coreFields: ['gtin'], customFields: [] };
const DESCRIPTION = { coreFields: ['description'], customFields: [] };

describe('PATCH /categories/{id} with a new template: a job settles its products', () => {
  let c: Catalog;
  beforeAll(async () => {
    c = await startCatalog(ORG, { tap: ['category.#'] });
  });
  afterAll(() => c.close());

  /** The category once its products are settled on template `templateVersion` (DONE). */
  const done = (id: string, templateVersion: number) =>
    eventually(async () => {
      const { body } = await c.request('GET', `/categories/${id}`);
      const { status, templateVersion: version } = body.enrichment;
      return status === 'DONE' && version === templateVersion ? body : undefined;
    });
  const enrichedOf = async (ids: string[]) =>
    Promise.all(ids.map(async (id) => (await c.request('GET', `/products/${id}`)).body.enriched));

  it('answers PENDING at once, then reads DONE with the count once the products flipped', async () => {
    const cat = await c.category({ name: 'Lamps' });
    const ids = [(await c.product({ categoryId: cat.id })).id, (await c.product({ categoryId: cat.id })).id];
    ids.push((await c.product({ categoryId: cat.id, gtin: '04006381333931' })).id);
    const res = await c.request('PATCH', `/categories/${cat.id}`, { template: GTIN });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ template: GTIN });
    expect(res.body.enrichment).toEqual({
      status: 'PENDING',
      templateVersion: 1,
      productsChanged: null,
      finishedAt: null,
    });
    const after = await done(cat.id, 1);
    expect(after.enrichment).toEqual({
      status: 'DONE',
      templateVersion: 1,
      productsChanged: 2,
      finishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await enrichedOf(ids)).toEqual([false, false, true]);
  });

  it('sends category.template_changed with the new version', async () => {
    const cat = await c.category({ name: 'Rugs' });
    await c.request('PATCH', `/categories/${cat.id}`, { template: GTIN });
    const event = await eventually(() =>
      c.events.find((e) => e.name === 'category.template_changed' && e.payload.categoryId === cat.id),
    );
    expect(event.payload).toEqual({ orgId: ORG, categoryId: cat.id, templateVersion: 1 });
  });

  it('shows a never-changed template DONE at version 0; a rename with the same template starts no job', async () => {
    const cat = await c.category({ name: 'Desks', template: GTIN });
    const never = { status: 'DONE', templateVersion: 0, productsChanged: null, finishedAt: null };
    expect(cat.enrichment).toEqual(never);
    expect((await c.request('GET', `/categories/${cat.id}`)).body.enrichment).toEqual(never);
    const res = await c.request('PATCH', `/categories/${cat.id}`, { name: 'Writing desks', template: GTIN });
    expect(res.body).toMatchObject({ name: 'Writing desks', enrichment: never });
  });

  it('ends two quick template changes in a row with the products settled on the second', async () => {
    const cat = await c.category({ name: 'Chairs' });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const described = i % 2 === 0 ? { description: `Chair ${i}` } : {};
      ids.push((await c.product({ name: `Chair ${i}`, categoryId: cat.id, ...described })).id);
    }
    const first = await c.request('PATCH', `/categories/${cat.id}`, { template: GTIN });
    const second = await c.request('PATCH', `/categories/${cat.id}`, { template: DESCRIPTION });
    expect([first.body.enrichment.templateVersion, second.body.enrichment.templateVersion]).toEqual([1, 2]);
    expect((await done(cat.id, 2)).template).toEqual(DESCRIPTION);
    // Settled on the second (described ones enriched), not the first (a GTIN none has).
    expect(await enrichedOf(ids)).toEqual(ids.map((_, i) => i % 2 === 0));
  });

  it('settles after a restart the job a process killed right after the change left in its outbox', async () => {
    const cat = await c.category({ name: 'Vases' });
    const ids = [(await c.product({ categoryId: cat.id })).id, (await c.product({ categoryId: cat.id })).id];
    // What the PATCH's one write leaves when its process dies before its relay publishes.
    const event = newEvent('category.template_changed', { orgId: ORG, categoryId: cat.id, templateVersion: 1 });
    const pending = { status: 'PENDING', productsChanged: null, finishedAt: null };
    const outbox = { ...outboxOf([event]), outboxAt: new Date(Date.now() - 60_000) };
    await c.connection.collection('categories').updateOne(
      { _id: cat.id },
      {
        $set: { template: GTIN, templateVersion: 1, enrichment: pending, ...outbox },
        $inc: { version: 1 },
      },
    );
    const restarted = await c.replica(); // its relay's first sweep publishes what it finds
    const after = await done(cat.id, 1);
    expect(after.enrichment.productsChanged).toBe(2);
    expect(await enrichedOf(ids)).toEqual([false, false]);
    await restarted.close();
  });
});
