import { asCaller } from '@stockyard/testkit';
import type { Purchasing } from './purchasing';

/** A GET whose answer is bytes (the harness's `request` reads text): status, headers and the body as sent. */
export async function getBytes(h: Purchasing, path: string, orgId: string) {
  const res = await fetch(`${h.url}/api/v1${path}`, { headers: asCaller(orgId, ['pos.read']) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const made = new WeakMap<Purchasing, Promise<{ warehouseId: string; bolt: string; nut: string }>>();

/** The warehouse and variants of `documentedOrder`, made once per harness (SKUs are unique). */
function catalogOf(h: Purchasing) {
  if (!made.has(h)) {
    const address = { name: 'Main DC', code: 'MDC', address: 'Dock 4, Harbour Rd' };
    made.set(
      h,
      (async () => ({
        warehouseId: (await h.inventory.request('POST', '/warehouses', address)).body.id as string,
        bolt: await h.variant({ name: 'Hex bolt M8', sku: 'BOLT-M8', cost: 0.1 }),
        nut: await h.variant({ name: 'Lock nut M8', sku: 'NUT-M8', cost: 12.35 }),
      }))(),
    );
  }
  return made.get(h)!;
}

/**
 * A supplier with every contact field, a warehouse with a code and address, two variants (one with
 * an offer of the supplier) and a SUBMITTED order of both: 3 × 0.10 and 1.5 × 12.35 (18.525,
 * rounded half up to 18.53), total 18.83.
 */
export async function documentedOrder(h: Purchasing, email: string | null = 'orders@nordic-parts.test') {
  const channelId = await h.supplier({
    name: 'Nordic Parts AB',
    email,
    contactName: 'Ingrid Berg',
    phone: '+46 8 123 456',
    address: 'Box 12\n111 22 Stockholm',
  });
  const { warehouseId, bolt, nut } = await catalogOf(h);
  await h.offers(channelId, [{ sku: 'NP-BOLT-8', cost: 0.1, variantId: bolt }]);
  const po = await h.order({
    channelId,
    warehouseId,
    expectedAt: '2026-12-31',
    notes: 'Deliver to the back gate before noon',
    lines: [
      { variantId: bolt, quantity: 3 },
      { variantId: nut, quantity: 1.5 },
    ],
  });
  const submitted = await h.request('POST', `/purchase-orders/${po.id}/submit`);
  if (submitted.status !== 201) throw new Error(`submit: ${submitted.status} ${await submitted.text()}`);
  return { po: submitted.body, channelId };
}

/** What the printed order must show of `documentedOrder` (with the supplier's e-mail). */
export const PRINTED = [
  'Nordic Parts AB',
  'Ingrid Berg',
  '+46 8 123 456',
  '111 22 Stockholm',
  'Main DC',
  'MDC',
  'Dock 4, Harbour Rd',
  'NP-BOLT-8',
  'BOLT-M8',
  'Hex bolt M8',
  'NUT-M8',
  'Lock nut M8',
  '12.35',
  '18.53',
  'EUR 18.83',
  '2026-12-31',
  'SUBMITTED',
  'Deliver to the back gate before noon',
];
