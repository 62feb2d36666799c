import { createClient } from '@stockyard/client';
import type { CostingMethod } from '@stockyard/contracts';
import { eventually, type Stack, startStack } from '@stockyard/testkit';

/**
 * Issue #42's "done when": a procure-to-pay run, through the gateway with the typed client as a
 * partner would, gives the stock valuation and the cost of goods sold that a hand calculation
 * gives, in cents, under FIFO and under moving average. Each organization sets its method before
 * any stock moves, then: receive 10 at 2.00 (order A) and 10 at 3.00 (order B) into W1; sell 12 on
 * a channel shipping from W1; a landed cost of 5.00 on A; B's invoice at 3.50 (+5.00 on 10 units),
 * payable; transfer 3 to W2; count W1 down to 4. The book is read after every step; landed costs
 * and variances reach inventory by events, waited for on the report.
 */

/** What the reports say, in cents: per warehouse, in total, and cost of goods sold (sales, adjustments). */
interface Book {
  w1: { quantity: number; value: number };
  w2: { quantity: number; value: number };
  total: { quantity: number; value: number };
  /** The channel's sales at their cost, and the sold part of landed costs and variances (no channel). */
  cogs: { sales: number; adjustments: number; total: number };
}

const cents = (amount: number) => Math.round(amount * 100);
const UNITS = { A: 10, B: 10, sold: 12, transferred: 3, counted: 4 } as const;

describe('valuation flow: procure to pay gives the hand-calculated valuation and COGS', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack(['catalog', 'inventory', 'purchasing', 'invoicing', 'orders']);
  }, 120_000);
  afterAll(async () => {
    await stack?.destroy();
  });

  /** A new organization on the given method, its places, variant, supplier and sales channel. */
  async function openBooks(method: CostingMethod) {
    const { adminKey } = stack.bootstrapOrg(`Valuation ${method}`);
    const client = createClient({ baseUrl: stack.gatewayUrl, apiKey: adminKey, retryDelayMs: 50 });
    expect(await client.call('updateInventorySettings', { body: { costingMethod: method } })).toMatchObject({
      costingMethod: method,
    });
    const sku = `VAL-${method}`;
    const variantId = (await client.call('createProduct', { body: { name: 'Widget', sku, price: 5 } })).variants[0]!.id;
    const w1 = (await client.call('createWarehouse', { body: { name: 'W1' } })).id;
    const w2 = (await client.call('createWarehouse', { body: { name: 'W2' } })).id;
    const source = await client.call('createSource', { body: { name: 'Valuation Supply', currency: 'USD' } });
    const channel = await client.call('createChannel', { body: { name: 'Shop', platform: 'API', warehouseId: w1 } });
    return { client, sku, variantId, w1, w2, sourceId: source.id, channelId: channel.id };
  }

  type Books = Awaited<ReturnType<typeof openBooks>>;

  /** The valuation by warehouse and the COGS by channel, now, in cents. */
  async function readBook({ client, w1, w2, channelId }: Books): Promise<Book> {
    const valuation = await client.call('getStockValuation', { query: { groupBy: 'warehouse' } });
    const cogs = await client.call('getCogsReport', { query: { groupBy: 'channel' } });
    const place = (id: string) => {
      const row = valuation.data.find((g) => g.key === id);
      return { quantity: row?.quantity ?? 0, value: cents(row?.value ?? 0) };
    };
    const cogsOf = (key: string | null) => cents(cogs.data.find((g) => g.key === key)?.cogs ?? 0);
    return {
      w1: place(w1),
      w2: place(w2),
      total: { quantity: valuation.totalQuantity, value: cents(valuation.totalValue) },
      cogs: { sales: cogsOf(channelId), adjustments: cogsOf(null), total: cents(cogs.totalCogs) },
    };
  }

  /**
   * The book once `ready` holds for it (background work, such as a landed cost's event, has reached
   * the ledger), read once more: the two reports are two calls, and the change may land between them.
   */
  async function bookWhen(books: Books, ready: (book: Book) => boolean) {
    await eventually(async () => (ready(await readBook(books)) ? true : undefined), 30_000);
    return readBook(books);
  }

  /** The book expected: W1's and W2's [quantity, value], COGS [sales, adjustments]; totals are their sums. */
  const book = (w1: [number, number], w2: [number, number], [sales, adjustments]: [number, number]): Book => ({
    w1: { quantity: w1[0], value: w1[1] },
    w2: { quantity: w2[0], value: w2[1] },
    total: { quantity: w1[0] + w2[0], value: w1[1] + w2[1] },
    cogs: { sales, adjustments, total: sales + adjustments },
  });

  /** 1. Orders A (10 at 2.00) and B (10 at 3.00), each submitted and received whole into W1. */
  async function receiveBoth(books: Books) {
    const { client, variantId, w1, sourceId } = books;
    const receive = async (quantity: number, unitCost: number) => {
      const po = await client.call('createPurchaseOrder', {
        body: { channelId: sourceId, warehouseId: w1, lines: [{ variantId, quantity, unitCost }] },
      });
      await client.call('submitPurchaseOrder', { params: { id: po.id } });
      await client.call('receiveLine', { params: { id: po.id, lineId: po.lines[0]!.id }, body: { quantity } });
      return po.id;
    };
    const poA = await receive(UNITS.A, 2);
    const poB = await receive(UNITS.B, 3);
    const after = await bookWhen(books, (b) => b.total.quantity === UNITS.A + UNITS.B);
    return { poA, poB, after };
  }

  /**
   * 2. An order of 12 (or `quantity`) at 5.00 on the channel (its hold reserves in W1), fulfilled once
   * reserved: a SALE; `left` units stay in stock.
   */
  async function sell(books: Books, quantity: number = UNITS.sold, left = UNITS.A + UNITS.B - quantity) {
    const { client, variantId, channelId } = books;
    const channelOrderId = `S-${left}`;
    const order = await client.call('importOrder', {
      body: { channelId, channelOrderId, lines: [{ channelLineId: '1', variantId, quantity, unitPrice: 5 }] },
    });
    await eventually(async () => {
      const holds = (await client.call('orderReservations', { params: { id: order.id } })).data;
      return holds.length === 1 && holds[0]!.reservedQuantity === quantity ? true : undefined;
    }, 30_000);
    const fulfilled = await client.call('fulfillOrder', { params: { id: order.id }, body: {} });
    expect(fulfilled.results.map((r) => r.outcome)).toEqual(['committed']);
    return bookWhen(books, (b) => b.total.quantity === left);
  }

  /**
   * 3. A landed cost of 5.00 (or `amount`) on order A (its one line takes all of it); inventory hears
   * of it by an event.
   */
  async function landCost(books: Books, poA: string, before: Book, amount = 5) {
    const cost = await books.client.call('createLandedCost', {
      params: { poId: poA },
      body: { description: 'Freight', amount },
    });
    expect(cost.allocations.map((a) => a.amount)).toEqual([amount]);
    return bookWhen(books, (b) => b.cogs.total !== before.cogs.total);
  }

  /** Order A's one line in its landed-cost summary: units on hand and sold, and the landed cost split over them. */
  async function summaryOfA(books: Books, poA: string) {
    const summary = await books.client.call('landedCostSummary', { params: { poId: poA } });
    const [line] = summary.lines;
    return [line!.onHandQuantity, line!.soldQuantity, cents(line!.landedCostOnHand), cents(line!.landedCostSold)];
  }

  /** 4. Order B's invoice at 3.50 (+0.50 on 10 units), auto-matched; OUTSTANDING (simple workflow) is payable. */
  async function invoiceB(books: Books, poB: string, before: Book) {
    const { client, sku } = books;
    const created = await client.call('createInvoice', {
      body: { purchaseOrderId: poB, invoiceNumber: 'B-001', lines: [{ vendorSku: sku, quantity: 10, unitCost: 3.5 }] },
    });
    expect(created.status).toBe('OUTSTANDING');
    const matched = await client.call('autoMatchInvoice', { params: { id: created.id } });
    expect(matched.invoice.lines.map((l) => l.costVariance)).toEqual([5]);
    return bookWhen(books, (b) => b.cogs.total !== before.cogs.total);
  }

  /** 5. Three units from W1 to W2. */
  async function transfer(books: Books) {
    const { client, variantId, w1, w2 } = books;
    const quantity = UNITS.transferred;
    await client.call('transferStock', { body: { variantId, fromWarehouseId: w1, toWarehouseId: w2, quantity } });
    return bookWhen(books, (b) => b.w2.quantity === quantity);
  }

  /** 6. W1 counted at 4 (5 on hand): one unit out at cost, not a sale. */
  async function count(books: Books) {
    const { client, variantId, w1 } = books;
    const lines = [{ variantId, countedQuantity: UNITS.counted }];
    await client.call('applyCount', { params: { warehouseId: w1 }, body: { lines, countId: 'W1-1' } });
    return bookWhen(books, (b) => b.w1.quantity === UNITS.counted);
  }

  it('values FIFO stock and its cost of goods sold as the hand calculation does, in cents', async () => {
    const books = await openBooks('FIFO');

    // 1. Two layers in W1, oldest first: A 10 × 200 = 2000, B 10 × 300 = 3000.
    const { poA, poB, after: received } = await receiveBoth(books);
    expect(received).toEqual(book([20, 5000], [0, 0], [0, 0]));

    // 2. 12 sold from the oldest layers: all of A (2000) and 2 of B (3000 × 2/10 = 600): COGS 2600.
    //    Left: B 8 units, 3000 − 600 = 2400.
    const sold = await sell(books);
    expect(sold).toEqual(book([8, 2400], [0, 0], [2600, 0]));

    // 3. Landed cost 500 on A: none of A's layer is on hand (all 10 sold), so all 500 is COGS (no channel).
    //    The summary splits A's line as the layers do: 0 on hand, 10 sold (not 8 of the 8 left as A's).
    const landed = await landCost(books, poA, sold);
    expect(landed).toEqual(book([8, 2400], [0, 0], [2600, 500]));
    expect(await summaryOfA(books, poA)).toEqual([0, 10, 0, 500]);

    // 4. Variance +500 on B: 8 of B's 10 on hand, 2 sold: 500 × 8/10 = 400 onto B's layer, 100 to COGS.
    //    Layer B: 8 units, 2400 + 400 = 2800 (3.50 a unit).
    const invoiced = await invoiceB(books, poB, landed);
    expect(invoiced).toEqual(book([8, 2800], [0, 0], [2600, 600]));

    // 5. Transfer 3: B's layer gives 2800 × 3/8 = 1050 to W2 (date and origin kept); W1 keeps 5, 1750.
    const moved = await transfer(books);
    expect(moved).toEqual(book([5, 1750], [3, 1050], [2600, 600]));

    // 6. Count W1 5 → 4: one unit out at 1750 × 1/5 = 350, a loss of stock, not COGS. W1: 4, 1400.
    const counted = await count(books);
    expect(counted).toEqual(book([4, 1400], [3, 1050], [2600, 600]));
    // Ledger: 5000 received + 500 + 500 adjustments − 3200 COGS − 350 count = 2450 on hand.
    expect(counted.total.value).toBe(5000 + 500 + 500 - 3200 - 350);
  }, 180_000);

  it('values moving-average stock and its cost of goods sold as the hand calculation does, in cents', async () => {
    const books = await openBooks('MOVING_AVERAGE');

    // 1. One pool in W1: 20 units, 2000 + 3000 = 5000 (2.50 a unit); the two orders' units are mixed.
    const { poA, poB, after: received } = await receiveBoth(books);
    expect(received).toEqual(book([20, 5000], [0, 0], [0, 0]));

    // 2. 12 sold at the average: 5000 × 12/20 = 3000 COGS. Left: 8 units, 2000.
    const sold = await sell(books);
    expect(sold).toEqual(book([8, 2000], [0, 0], [3000, 0]));

    // 3. Landed cost 500 on A. The pool mixed A's and B's units, and 8 of the 20 it received are left,
    //    so 8/20 of A's 10 units are on hand: 4 on hand, 6 sold. 500 × 4/10 = 200 onto the pool,
    //    300 to COGS (no channel). Pool: 8 units, 2200. Not min(10 received, 8 in the pool) = 8 for each
    //    order, which would put 8 of A's and 8 of B's units on hand when the pool holds 8 in all.
    const landed = await landCost(books, poA, sold);
    expect(landed).toEqual(book([8, 2200], [0, 0], [3000, 300]));
    expect(await summaryOfA(books, poA)).toEqual([4, 6, 200, 300]);

    // 4. Variance +500 on B, split the same way (4 of B's 10 on hand): 200 onto the pool, 300 to COGS.
    //    Pool: 8 units, 2400 (3.00 a unit, what 20 units costing 6000 in all average to).
    const invoiced = await invoiceB(books, poB, landed);
    expect(invoiced).toEqual(book([8, 2400], [0, 0], [3000, 600]));

    // 5. Transfer 3 at the average: 2400 × 3/8 = 900 to W2; W1 keeps 5, 1500.
    const moved = await transfer(books);
    expect(moved).toEqual(book([5, 1500], [3, 900], [3000, 600]));

    // 6. Count W1 5 → 4: one unit out at 1500 × 1/5 = 300, not COGS. W1: 4, 1200.
    const counted = await count(books);
    expect(counted).toEqual(book([4, 1200], [3, 900], [3000, 600]));
    // Ledger: 5000 received + 500 + 500 adjustments − 3600 COGS − 300 count = 2100 on hand.
    expect(counted.total.value).toBe(5000 + 500 + 500 - 3600 - 300);
  }, 180_000);

  it('puts a landed cost on the older order’s own FIFO layer as its summary splits it, in cents', async () => {
    const books = await openBooks('FIFO');
    const { poA } = await receiveBoth(books);

    // 7 sold from A's layer (7 × 200 = 1400 COGS): A keeps 3 units (600), B all 10 (3000).
    const sold = await sell(books, 7);
    expect(sold).toEqual(book([13, 3600], [0, 0], [1400, 0]));

    // Landed cost 10.01 on A: 3 of A's 10 on hand, 7 sold: 1001 × 3/10 = 300.3 → 300 onto A's layer,
    // 700.7 → 701 to COGS (the leftover cent to the larger remainder). The summary says the same;
    // the variant's 13 on hand taken as A's newest receipts would have put all 10 of A on hand.
    const landed = await landCost(books, poA, sold, 10.01);
    expect(landed).toEqual(book([13, 3900], [0, 0], [1400, 701]));
    expect(await summaryOfA(books, poA)).toEqual([3, 7, 300, 701]);

    // The next 3 sold are A's last units, at its layer's value with the landed cost: 600 + 300 = 900.
    const after = await sell(books, 3, 10);
    expect(after).toEqual(book([10, 3000], [0, 0], [2300, 701]));
  }, 180_000);
});
