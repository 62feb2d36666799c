import { GeneratedNumbers } from '../store';
import { conflict, notFound } from '../src/errors';
import { useTestDatabase } from './support/database';

const db = useTestDatabase();

describe('GeneratedNumbers', () => {
  it("formats each organization's sequence under the prefix, six digits at least", async () => {
    const numbers = new GeneratedNumbers(db().collection('po_sequences'), 'PO-', 2);
    expect([await numbers.next('org_a'), await numbers.next('org_a'), await numbers.next('org_b')]).toEqual([
      'PO-000001',
      'PO-000002',
      'PO-000001',
    ]);
  });

  it('moves past numbers taken by hand to the first free one, and throws any other failure', async () => {
    const numbers = new GeneratedNumbers(db().collection('sku_sequences'), 'SKU-');
    const takenByHand = new Set(['SKU-000001', 'SKU-000002']);
    const tried: string[] = [];
    const made = await numbers.firstFree('org_a', 'sku_taken', async (sku) => {
      tried.push(sku);
      if (takenByHand.has(sku)) throw conflict(`SKU ${sku} is taken`, 'sku_taken');
      return { sku };
    });
    expect(made).toEqual({ sku: 'SKU-000003' });
    expect(tried).toEqual(['SKU-000001', 'SKU-000002', 'SKU-000003']);
    await expect(
      numbers.firstFree('org_a', 'sku_taken', () => Promise.reject(notFound('Product'))),
    ).rejects.toMatchObject({ code: 'resource_not_found' });
  });
});
