import PDFDocument from 'pdfkit';
import type { PrintedOrder } from '../domain/printed-order';

const MARGIN = 50;
/** The lines table: header, x and width of each column (A4 is 595 points wide). */
const COLUMNS = [
  { title: 'Supplier SKU', key: 'supplierSku', x: 50, width: 85, align: 'left' },
  { title: 'SKU', key: 'sku', x: 140, width: 85, align: 'left' },
  { title: 'Description', key: 'name', x: 230, width: 135, align: 'left' },
  { title: 'Qty', key: 'quantity', x: 370, width: 50, align: 'right' },
  { title: 'Unit cost', key: 'unitCost', x: 425, width: 55, align: 'right' },
  { title: 'Total', key: 'total', x: 485, width: 60, align: 'right' },
] as const;

/** The order as an A4 PDF (pdfkit, its built-in Helvetica): header, supplier, delivery, lines, total, notes. */
export function renderPurchaseOrderPdf(order: PrintedOrder): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `Purchase order ${order.orderNumber}` } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  header(doc, order);
  parties(doc, order);
  lines(doc, order);
  if (order.notes) {
    doc.moveDown(1.5).font('Helvetica-Bold').fontSize(10).text('Notes', MARGIN);
    doc.font('Helvetica').text(order.notes, MARGIN, undefined, { width: 495 });
  }
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, order: PrintedOrder): void {
  doc.font('Helvetica-Bold').fontSize(20).text('Purchase order', MARGIN, MARGIN);
  doc.fontSize(12).text(order.orderNumber);
  doc.moveDown(0.5).font('Helvetica').fontSize(9);
  const facts: [string, string][] = [
    ['Status', order.status],
    ['Type', order.type],
    ...order.dates,
    ['Currency', order.currency],
  ];
  for (const [label, value] of facts) doc.text(`${label}: ${value}`);
}

function parties(doc: PDFKit.PDFDocument, order: PrintedOrder): void {
  const top = doc.y + 15;
  const block = (title: string, x: number, party: { name: string; lines: string[] } | null) => {
    doc.font('Helvetica-Bold').fontSize(10).text(title, x, top, { width: 240 });
    doc.font('Helvetica').fontSize(9);
    if (!party) return doc.text('Shipped by the supplier to the customer (drop ship)', x, undefined, { width: 240 }).y;
    doc.text(party.name, x, undefined, { width: 240 });
    for (const line of party.lines) doc.text(line, x, undefined, { width: 240 });
    return doc.y;
  };
  const left = block('Supplier', MARGIN, order.supplier);
  const right = block('Deliver to', 305, order.warehouse);
  doc.y = Math.max(left, right) + 20;
}

function lines(doc: PDFKit.PDFDocument, order: PrintedOrder): void {
  const bottom = doc.page.height - MARGIN - 20;
  const row = (cells: Record<string, string>, bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const height = Math.max(...COLUMNS.map((c) => doc.heightOfString(cells[c.key] ?? '', { width: c.width })));
    if (doc.y + height > bottom) doc.addPage();
    const y = doc.y;
    for (const c of COLUMNS) doc.text(cells[c.key] ?? '', c.x, y, { width: c.width, align: c.align });
    doc.x = MARGIN;
    doc.y = y + height + 4;
  };
  row(Object.fromEntries(COLUMNS.map((c) => [c.key, c.title])), true);
  doc
    .moveTo(MARGIN, doc.y - 2)
    .lineTo(545, doc.y - 2)
    .stroke();
  for (const line of order.lines) row(line, false);
  doc.moveTo(MARGIN, doc.y).lineTo(545, doc.y).stroke();
  doc.font('Helvetica-Bold').fontSize(10);
  if (doc.y + 20 > bottom) doc.addPage();
  doc.text(`Total ${order.currency} ${order.total}`, 300, doc.y + 6, { width: 245, align: 'right' });
  doc.x = MARGIN;
}
