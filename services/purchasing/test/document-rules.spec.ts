import { AppError } from '@stockyard/service-kit';
import {
  addAttachment,
  attachmentKey,
  attachmentKindOf,
  checkAttachmentKey,
  removeAttachment,
  safeFilename,
} from '../src/domain/attachments';
import { composeFollowUp, composeOrderEmail } from '../src/domain/order-messages';
import { formatCents, printedOrder } from '../src/domain/printed-order';
import { searchTermsOf } from '../src/domain/purchase-order-search';
import type { Attachment } from '../src/domain/purchase-order';
import { aLine, anOrder, NOW } from './support/builders';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return `${err.status} ${err.code}`;
    throw err;
  }
  return 'no error';
};
const anAttachment = (fields: Partial<Attachment> = {}): Attachment => ({
  id: 'att_1',
  kind: 'pdf',
  key: 'org_1/purchase-orders/po_1/abc-a.pdf',
  filename: 'a.pdf',
  contentType: 'application/pdf',
  size: 10,
  createdAt: NOW,
  ...fields,
});

describe('attachment rules', () => {
  it.each([
    ['application/pdf', 'pdf'],
    ['image/png', 'image'],
    ['image/svg+xml', 'image'],
    ['IMAGE/JPEG', 'image'],
  ])('takes %s as %s', (type, kind) => expect(attachmentKindOf(type)).toBe(kind));

  it.each(['text/plain', 'application/zip', 'image/', 'application/pdfx'])('refuses %s with 422', (type) => {
    expect(codeOf(() => attachmentKindOf(type))).toBe('422 unsupported_attachment_type');
  });

  it('makes keys under the organization and order with a plain filename', () => {
    expect(attachmentKey('org_1', 'po_1', 'ab12', 'Übersicht März/../x.pdf')).toBe(
      'org_1/purchase-orders/po_1/ab12-Ubersicht_Marz_.._x.pdf',
    );
    expect(safeFilename('...')).toBe('file');
    expect(safeFilename(`${'a'.repeat(300)}.pdf`)).toHaveLength(100);
  });

  it('accepts only a plain name under the order’s prefix', () => {
    expect(codeOf(() => checkAttachmentKey('org_1', 'po_1', 'org_1/purchase-orders/po_1/ab-x.pdf'))).toBe('no error');
    for (const key of [
      'org_1/purchase-orders/po_1/',
      'org_1/purchase-orders/po_1/a/b.pdf',
      'org_2/purchase-orders/po_1/a',
    ]) {
      expect(codeOf(() => checkAttachmentKey('org_1', 'po_1', key))).toBe('422 attachment_key_invalid');
    }
  });

  it('records a key once, refuses past the limit and on a trashed order, and its terms follow', () => {
    const po = anOrder();
    const added = addAttachment(po, anAttachment(), 2).state!;
    expect(searchTermsOf(added)).toEqual(expect.arrayContaining(['#attachment', '#attachment:pdf']));
    expect(addAttachment(added, anAttachment({ id: 'att_2' }), 2)).toEqual({ result: added.attachments[0] });
    const full = addAttachment(added, anAttachment({ id: 'att_3', key: 'k3' }), 2).state!;
    expect(codeOf(() => addAttachment(full, anAttachment({ id: 'att_4', key: 'k4' }), 2))).toBe(
      '422 too_many_attachments',
    );
    expect(codeOf(() => addAttachment({ ...po, deletedAt: NOW }, anAttachment(), 2))).toBe(
      '409 purchase_order_trashed',
    );
    const removed = removeAttachment(added, 'att_1').state!;
    expect(searchTermsOf(removed)).not.toContain('#attachment');
    expect(codeOf(() => removeAttachment(removed, 'att_1'))).toBe('404 resource_not_found');
  });
});

describe('the printed order', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [123456789, '1,234,567.89'],
    [-250, '-2.50'],
  ])('formats %d cents as %s', (cents, text) => expect(formatCents(cents)).toBe(text));

  it('totals the lines in cents, each rounded half up', () => {
    const po = anOrder({
      lines: [aLine({ quantity: 3, unitCost: 0.1 }), aLine({ quantity: 1.5, unitCost: 12.35, sku: null, name: null })],
    });
    const variant = { id: 'var_1', sku: 'V-SKU', name: null, productName: 'Product' };
    const printed = printedOrder(po, undefined, undefined, [variant as never]);
    expect(printed.lines.map((l) => [l.sku, l.name, l.total])).toEqual([
      ['SKU-1', 'Widget', '0.30'],
      ['V-SKU', 'Product', '18.53'],
    ]);
    expect(printed.total).toBe('18.83');
    expect(printed.supplier.name).toBe('Acme');
    expect(printed.warehouse).toEqual({ name: 'wh_1', lines: [] });
  });
});

describe('order e-mail', () => {
  const supplier = { name: 'Acme', email: 'orders@acme.test', contactName: 'Jo' };

  it("goes to the supplier's address unless the request names others", () => {
    const po = anOrder({ status: 'SUBMITTED' });
    expect(composeOrderEmail(po, supplier, {}, 'msg_1', NOW).message).toMatchObject({
      to: ['orders@acme.test'],
      status: 'SENDING',
      kind: 'ORDER',
    });
    const given = composeOrderEmail(po, supplier, { to: ['a@b.test'], cc: ['c@d.test'] }, 'msg_1', NOW);
    expect(given.message).toMatchObject({ to: ['a@b.test'], cc: ['c@d.test'] });
    expect(given.text).toContain('Hello Jo,');
  });

  it('needs an address from somewhere (422 supplier_email_missing)', () => {
    const po = anOrder({ status: 'SUBMITTED' });
    const none = { ...supplier, email: null };
    expect(codeOf(() => composeOrderEmail(po, none, {}, 'msg_1', NOW))).toBe('422 supplier_email_missing');
    expect(codeOf(() => composeFollowUp(po, undefined, {}, 'msg_1', NOW))).toBe('422 supplier_email_missing');
  });
});
