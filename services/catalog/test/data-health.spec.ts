import { dataHealth } from '../src/domain/data-health';
import { withDerived } from '../src/domain/product-derived';
import { aProduct } from './support/builders';

describe('dataHealth', () => {
  it('finds SKUs and barcodes two live products share, never counting trashed ones', () => {
    const a = aProduct({ sku: 'SAME', upc: '111' });
    const b = withDerived({ ...aProduct({ upc: '111' }), sku: 'same' });
    const gone = { ...aProduct({ sku: 'OTHER' }), deletedAt: new Date() };
    const report = dataHealth([a, b, gone]);
    const of = (code: string) => report.problems.find((p) => p.code === code)!;
    expect(of('duplicate_barcode').sampleIds).toEqual([a.id, b.id]);
    expect(of('duplicate_sku').sampleIds).toEqual([a.id, b.id]);
    expect(report.productCount).toBe(2);
  });

  it('keeps at most 20 sample ids but counts all', () => {
    const many = Array.from({ length: 25 }, () => aProduct({}));
    const noImage = dataHealth(many).problems.find((p) => p.code === 'no_image')!;
    expect(noImage.count).toBe(25);
    expect(noImage.sampleIds).toHaveLength(20);
  });
});
