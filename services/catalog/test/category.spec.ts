import {
  changeCategory,
  enrichmentView,
  finishEnrichment,
  newCategory,
  type CategoryState,
} from '../src/domain/category';

const GTIN = { coreFields: ['gtin' as const], customFields: [] };
const aCategory = (fields: Partial<CategoryState> = {}): CategoryState => ({
  ...newCategory('org_1', { name: 'Lamps' }),
  version: 1,
  ...fields,
});
const NOW = new Date('2026-11-24T10:00:00Z');

describe('a category template change and its enrichment job', () => {
  it('moves the template version, sets the enrichment PENDING and sends category.template_changed', () => {
    const current = aCategory();
    const { state, events } = changeCategory(current, { template: GTIN });
    expect(state).toMatchObject({ template: GTIN, templateVersion: 1 });
    expect(enrichmentView(state!)).toEqual({
      status: 'PENDING',
      templateVersion: 1,
      productsChanged: null,
      finishedAt: null,
    });
    expect(events!.map((e) => [e.name, e.payload])).toEqual([
      ['category.template_changed', { orgId: 'org_1', categoryId: current.id, templateVersion: 1 }],
    ]);
  });

  it('starts no job for a rename or the same template again (and keeps the stored template)', () => {
    const current = aCategory({ template: GTIN, templateVersion: 3 });
    const { state, events } = changeCategory(current, { name: 'Lights', template: { ...GTIN } });
    expect(state).toMatchObject({ name: 'Lights', templateVersion: 3 });
    expect(state!.template).toBe(current.template);
    expect(events ?? []).toEqual([]);
  });

  it('shows a category created with its template DONE at version 0, no job run', () => {
    expect(enrichmentView(aCategory())).toEqual({
      status: 'DONE',
      templateVersion: 0,
      productsChanged: null,
      finishedAt: null,
    });
  });

  it('marks DONE only the PENDING version it ran for', () => {
    const pending = changeCategory(aCategory(), { template: GTIN }).state!;
    const { state } = finishEnrichment(pending, 1, 12, NOW);
    expect(enrichmentView(state!)).toEqual({
      status: 'DONE',
      templateVersion: 1,
      productsChanged: 12,
      finishedAt: NOW,
    });
    expect(finishEnrichment(pending, 0, 12, NOW)).toEqual({}); // an older run: the newer version's job ends it
    expect(finishEnrichment(state!, 1, 0, NOW)).toEqual({}); // a redelivery after DONE keeps the first count
  });
});
