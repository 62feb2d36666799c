import { eventually, okBody as ok, startService, switchableProxy, type HarnessOptions } from '@stockyard/testkit';
import { startGateway, type TestGateway } from '../../../gateway/test/support/gateway';
import { startPurchasing } from '../../../purchasing/test/support/purchasing';
import { invoicing } from '../../src/app';

const INVOICES = ['invoices.read', 'invoices.write', 'invoices.approve', 'landed_costs.read', 'landed_costs.write'];
/**
 * The organization in the gateway under the harness's id (invoicing reads its settings there), and
 * an admin key of it for the settings route.
 */
async function gatewayOrg(gw: TestGateway, orgId: string): Promise<string> {
  await gw.connection.model('Organization').create({ _id: orgId, name: 'Invoicing Org' });
  return (await gw.keys.create({ orgId, type: 'admin', name: 'admin', role: 'ADMIN' })).token;
}

/**
 * Invoicing in the harness with its real peers: the gateway (the organization `orgId`, whose
 * settings invoicing reads), purchasing with the catalog and inventory beside it (orders,
 * vendors, variants, stock), all on one exchange, so purchasing's `hasInvoice` consumes
 * invoicing's events and invoicing consumes purchasing's receipts. `events` is the tap of that
 * exchange.
 */
export async function startInvoicing(orgId: string, options: HarnessOptions & { switchable?: boolean } = {}) {
  const gw = await startGateway();
  const adminKey = await gatewayOrg(gw, orgId);
  const pur = await startPurchasing(orgId, { tap: ['#'] });
  const peers = { purchasing: pur.url, catalog: pur.catalog.url, inventory: pur.inventory.url, gateway: gw.url };
  // Peers behind proxies a test can take down and bring back (`switchable`).
  const proxies = options.switchable
    ? {
        purchasing: await switchableProxy(peers.purchasing),
        catalog: await switchableProxy(peers.catalog),
        inventory: await switchableProxy(peers.inventory),
        gateway: await switchableProxy(peers.gateway),
      }
    : undefined;
  const h = await startService(invoicing, {
    orgId,
    permissions: INVOICES,
    tap: ['none.#'],
    ...options,
    env: {
      PURCHASING_URL: proxies?.purchasing.url ?? peers.purchasing,
      CATALOG_URL: proxies?.catalog.url ?? peers.catalog,
      INVENTORY_URL: proxies?.inventory.url ?? peers.inventory,
      GATEWAY_URL: proxies?.gateway.url ?? peers.gateway,
      EVENTS_EXCHANGE: pur.config.EVENTS_EXCHANGE,
      ...options.env,
    },
  });
  const close = h.close.bind(h);
  return Object.assign(h, {
    orgId,
    gateway: gw,
    purchasing: pur,
    proxies,
    events: pur.events,
    /** Changes the organization's settings through the gateway's partner route. */
    async settings(patch: Record<string, unknown>) {
      const res = await gw.api('PATCH', '/settings', adminKey, patch);
      if (res.status !== 200) throw new Error(`settings: ${res.status} ${await res.text()}`);
    },
    /** A vendor (a catalog source), by default with 30 days of payment terms. */
    vendor: (fields: Record<string, unknown> = {}) => pur.supplier({ paymentTermsDays: 30, ...fields }),
    /**
     * A SUBMITTED order of the vendor with a line per spec (`received` of it received; of a new
     * variant unless `variantId`), into a new warehouse unless `warehouseId`, answered as
     * purchasing has it after the receipts.
     */
    async order(
      lines: {
        quantity: number;
        unitCost: number;
        received?: number;
        variant?: Record<string, unknown>;
        variantId?: string;
        supplierSku?: string;
      }[],
      channelId?: string,
      warehouseId?: string,
    ) {
      const vendor = channelId ?? (await this.vendor());
      const warehouse = warehouseId ?? (await pur.warehouse());
      const inputs = [];
      for (const line of lines) {
        const variantId = line.variantId ?? (await pur.variant(line.variant ?? {}));
        inputs.push({ variantId, quantity: line.quantity, unitCost: line.unitCost, supplierSku: line.supplierSku });
      }
      const po = await pur.order({ channelId: vendor, warehouseId: warehouse, lines: inputs });
      await ok(await pur.request('POST', `/purchase-orders/${po.id}/submit`), 'submit');
      for (const [i, line] of lines.entries()) {
        if (line.received) await ok(await pur.receive(po.id, po.lines[i].id, { quantity: line.received }), 'receive');
      }
      return (await ok(await pur.request('GET', `/purchase-orders/${po.id}`), 'read order')) as {
        id: string;
        orderNumber: string;
        channelId: string;
        warehouseId: string;
        lines: { id: string; variantId: string; quantity: number; unitCost: number }[];
      };
    },
    /** POST /invoices, 201 expected. */
    async invoice(body: Record<string, unknown>) {
      return ok(await h.request('POST', '/invoices', body), 'create invoice');
    },
    /** The first tapped event of that name whose payload has these fields (waits for it). */
    eventOf: (name: string, fields: Record<string, unknown>) =>
      eventually(() =>
        pur.events.find((e) => e.name === name && Object.entries(fields).every(([k, v]) => e.payload[k] === v)),
      ),
    async close() {
      await close();
      for (const proxy of Object.values(proxies ?? {})) await proxy.close().catch(() => undefined);
      await pur.close();
      await gw.close();
    },
  });
}
export type Invoicing = Awaited<ReturnType<typeof startInvoicing>>;
