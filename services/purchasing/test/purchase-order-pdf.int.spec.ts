import { documentedOrder, getBytes, PRINTED } from './support/documents';
import { pdfText } from './support/pdf-text';
import { startPurchasing, type Purchasing } from './support/purchasing';

const ORG = 'org_po_pdf';

describe('GET /purchase-orders/{id}/pdf', () => {
  let h: Purchasing;
  beforeAll(async () => {
    h = await startPurchasing(ORG, { switchable: true });
  }, 60_000);
  afterAll(() => h.close());

  it('answers the order as a PDF, inline with its number as the filename', async () => {
    const { po } = await documentedOrder(h);
    const res = await getBytes(h, `/purchase-orders/${po.id}/pdf`, ORG);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${po.orderNumber}.pdf"`);
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages } = await pdfText(res.bytes);
    expect(pages).toBe(1);
    for (const shown of [po.orderNumber, 'orders@nordic-parts.test', ...PRINTED]) expect(text).toContain(shown);
    // 3 × 0.10 in cents, never the float 0.30000000000000004.
    expect(text).toContain('0.30');
    expect(text).not.toContain('0.30000');
  });

  it('prints every line of a long order over several pages', async () => {
    const channelId = await h.supplier({ name: 'Bulk Co' });
    const variantId = await h.variant({ name: 'Washer', sku: 'WASH', cost: 0.01 });
    const lines = Array.from({ length: 80 }, () => ({ variantId, quantity: 1 }));
    const po = await h.order({ channelId, type: 'DROPSHIP', lines });
    const { text, pages } = await pdfText((await getBytes(h, `/purchase-orders/${po.id}/pdf`, ORG)).bytes);
    expect(pages).toBeGreaterThan(1);
    expect(text.match(/WASH/g)).toHaveLength(80);
    expect(text).toContain('EUR 0.80');
    expect(text).toContain('drop ship');
  });

  it("answers 404 for another organization's order", async () => {
    const { po } = await h.submittedOrder(1);
    const res = await getBytes(h, `/purchase-orders/${po.id}/pdf`, 'org_po_pdf_other');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.bytes.toString()).error.code).toBe('resource_not_found');
  });

  it('answers 503 dependency_unavailable while the catalog is down', async () => {
    const { po } = await h.submittedOrder(1);
    await h.proxies!.catalog.down();
    try {
      const res = await getBytes(h, `/purchase-orders/${po.id}/pdf`, ORG);
      expect(res.status).toBe(503);
      expect(JSON.parse(res.bytes.toString()).error.code).toBe('dependency_unavailable');
    } finally {
      await h.proxies!.catalog.up();
    }
  });
});
