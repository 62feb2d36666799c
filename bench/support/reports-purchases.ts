/**
 * bench:reports' purchases, for `GET /reports/purchase-spend` (invoicing reads purchasing's receipt
 * lines): one order made, submitted and received through the API (5 catalog products, one
 * supplier), then its raw document cloned straight into purchasing's collection with new ids,
 * suppliers and receipt dates spread over the last 365 days, each clone's list row and term rows
 * from purchasing's own rowOf and searchTermsOf (as bench:purchasing seeds its lists). No invoices
 * and no landed costs: the report's other two reads find none.
 */
import { termRows } from '../../packages/service-kit/src/store/search-index';
import type { gatewayCaller } from '@stockyard/testkit';
import type { PurchaseOrder } from '../../services/purchasing/src/domain/purchase-order';
import { searchTermsOf } from '../../services/purchasing/src/domain/purchase-order-search';
import { rowOf } from '../../services/purchasing/src/store/purchase-order-rows';
import { sleep } from './figures';
import { seeded as randomFrom } from '../../test/support/fuzz-inputs';
import { cloneable, seeder } from './seeding';
import type { MongoClient, StoredDoc } from './store';

type Db = ReturnType<MongoClient['db']>;

const DAY_MS = 86_400_000;
const LINES = 5;
const SUPPLIERS = 20;
const BATCH = 1_000;

/** An order of LINES lines into the warehouse, submitted and received whole through the API; its id. */
async function receivedOrder(api: ReturnType<typeof gatewayCaller>, warehouseId: string): Promise<string> {
  const ok = seeder(api);
  const supplier = (await ok('POST', '/sources', { name: 'Bench Supply', currency: 'USD' })).id as string;
  const lines = [];
  for (let i = 0; i < LINES; i++) {
    const product = await ok('POST', '/products', { name: `Bench purchase ${i}`, cost: 2 + i });
    lines.push({ variantId: product.variants[0].id as string, quantity: 10, unitCost: 2 + i });
  }
  const po = await ok('POST', '/purchase-orders', { channelId: supplier, warehouseId, lines });
  await ok('POST', `/purchase-orders/${po.id}/submit`);
  for (const line of po.lines as { id: string }[])
    await ok('POST', `/purchase-orders/${po.id}/lines/${line.id}/receive`, { quantity: 10 });
  for (let tries = 0; ; tries++) {
    const now = await ok('GET', `/purchase-orders/${po.id}`);
    if (now.status === 'RECEIVED') return po.id as string;
    if (tries > 100) throw new Error(`the template order stayed ${now.status}`);
    await sleep(200);
  }
}

/** Clone i of the template: received at a moment of the last 365 days, its receipts a minute apart. */
function cloneOf(template: StoredDoc, i: number, at: number): StoredDoc {
  const n = String(i).padStart(6, '0');
  const lineIds = new Map<string, string>();
  const lines = (template.lines as Record<string, unknown>[]).map((line, j) => {
    lineIds.set(line.id as string, `pol_bench_${n}_${j}`);
    return { ...line, id: `pol_bench_${n}_${j}` };
  });
  const receipts = (template.receipts as Record<string, unknown>[]).map((receipt, j) => {
    const moment = new Date(at + j * 60_000);
    const lineId = lineIds.get(receipt.lineId as string);
    return { ...receipt, id: `rcp_bench_${n}_${j}`, lineId, recordedAt: moment, appliedAt: moment };
  });
  const receivedAt = receipts.at(-1)!.appliedAt;
  return {
    ...template,
    _id: `po_bench_${n}`,
    orderNumber: `PO-B${n}`,
    channelId: `src_bench_${i % SUPPLIERS}`,
    supplierName: `Supplier ${String(i % SUPPLIERS).padStart(2, '0')}`,
    lines,
    receipts,
    outbox: [],
    version: 1,
    createdAt: new Date(at - 7 * DAY_MS),
    submittedAt: new Date(at - 7 * DAY_MS),
    receivedAt,
    updatedAt: receivedAt,
  };
}

/** The template order through the API, then `count` clones of it; answers the orders stored. */
export async function seedPurchases(
  api: ReturnType<typeof gatewayCaller>,
  db: Db,
  org: { orgId: string; warehouseId: string },
  count: number,
): Promise<number> {
  const templateId = await receivedOrder(api, org.warehouseId);
  const stored = await db.collection('purchase_orders').findOne({ _id: templateId as never });
  if (!stored) throw new Error('template order not found');
  const template = cloneable(stored);
  const random = randomFrom(7);
  const end = Date.now() - 3_600_000;
  for (let from = 0; from < count; from += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) =>
      cloneOf(template, from + k, end - Math.floor(random() * 365 * DAY_MS)),
    );
    await db.collection('purchase_orders').insertMany(docs);
    const states = docs.map((d) => ({ ...(d as unknown as PurchaseOrder), id: d._id as string }));
    const rows = states.map((po) => ({ ...rowOf(po), _id: po.id, orgId: po.orgId, version: po.version }));
    await db.collection('purchase_order_rows').insertMany(rows as never[]);
    const terms = states.flatMap((po) => termRows(org.orgId, po.id, 1, searchTermsOf(po)));
    await db.collection('purchase_order_terms').insertMany(terms as never[]);
  }
  return db.collection('purchase_orders').countDocuments({ orgId: org.orgId });
}
