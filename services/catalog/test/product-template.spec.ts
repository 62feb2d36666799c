import { templateStatus } from '../src/domain/product-template';
import { aProduct } from './support/builders';

describe('template status', () => {
  const template = { coreFields: ['description', 'images', 'gtin'] as const, customFields: ['material'] };

  it('lists filled and missing attributes, custom fields as customFields.<key>', () => {
    const p = { ...aProduct({ description: 'Nice', customFields: { material: 'oak' } }), categoryId: 'cat_1' };
    const status = templateStatus(p, {
      coreFields: [...template.coreFields],
      customFields: template.customFields,
    });
    expect(status).toMatchObject({
      filled: ['description', 'customFields.material'],
      missing: ['images', 'gtin'],
      complete: false,
    });
  });

  it('is complete when everything is filled; never without a category', () => {
    const p = {
      ...aProduct({ description: 'x', gtin: '123', images: [{ url: 'https://x.invalid/a.png' }] }),
      categoryId: 'cat_1',
    };
    const t = { coreFields: [...template.coreFields], customFields: [] };
    expect(templateStatus(p as never, t).complete).toBe(true);
    expect(templateStatus({ ...p, categoryId: null }, t).complete).toBe(false);
  });
});
