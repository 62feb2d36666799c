/**
 * bench:import's data: a source's SKUs and the products they are linked to, seeded straight into the
 * catalog's database (the figure is the import, not the set-up), the CSV feed that moves them, and a
 * webhook receiver that notes when `import.completed` arrives.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Stack } from '@stockyard/testkit';
import { newProduct } from '../../services/catalog/src/domain/product-create';
import { settle } from '../../services/catalog/src/domain/product-settle';
import { sourceSkuId } from '../../services/catalog/src/domain/source-sku';
import { withSourceLinked } from '../../services/catalog/src/domain/variant-link';
import { mongoose } from './store';

/**
 * A feed's rows: `linked` offers linked (as preferred) to variants whose cost they change, `unchanged`
 * unlinked SKUs, the rest new. `tag` keeps two feeds' products, variants and SKUs apart.
 */
interface FeedShape {
  rows: number;
  linked: number;
  unchanged: number;
  tag: string;
}

export const feedShape = (rows: number, tag: string): FeedShape => ({
  rows,
  linked: Math.floor(rows / 2),
  unchanged: Math.floor(rows / 4),
  tag,
});

/** Notes when `import.completed` arrives (the endpoint is subscribed to nothing else). */
export async function startReceiver() {
  const arrivals = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { event: string; data: { jobId: string } };
      if (body.event === 'import.completed') arrivals.set(body.data.jobId, performance.now());
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrivals,
    close: () => (server.closeAllConnections(), server.close()),
  };
}

/** Products (one SIMPLE with its variant per linked SKU), their variant refs, and the source's SKUs. */
export async function seedFeed(stack: Stack, orgId: string, sourceId: string, shape: FeedShape): Promise<void> {
  const { linked, unchanged, tag } = shape;
  const db = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: stack.databases.catalog! }).asPromise();
  const now = new Date();
  const BATCH = 5000;
  for (let from = 0; from < linked; from += BATCH) {
    const products = [];
    const refs = [];
    for (let i = from; i < Math.min(linked, from + BATCH); i++) {
      const ids = { productId: `prd_${tag}${i}`, variantId: `var_${tag}${i}` };
      const sku = `${tag.toUpperCase()}-${i}`;
      const fresh = newProduct(orgId, { type: 'SIMPLE', name: `Bench item ${i}`, cost: 10 }, sku, ids, now);
      const { id, ...fields } = settle(withSourceLinked(fresh, ids.variantId, true), null);
      products.push({ ...fields, _id: id, version: 1, createdAt: now, updatedAt: now });
      refs.push({ _id: ids.variantId, orgId, productId: ids.productId });
    }
    await db.collection('products').insertMany(products as never[]);
    await db.collection('variant_refs').insertMany(refs as never[]);
  }
  const sku = (i: number) => {
    const isLinked = i < linked;
    const code = `SUP-${i}`;
    return {
      _id: sourceSkuId(sourceId, code),
      orgId,
      sourceChannelId: sourceId,
      sku: code,
      name: `Supplier item ${i}`,
      cost: isLinked ? 10 : 5,
      availableQuantity: 100,
      upc: null,
      variantId: isLinked ? `var_${tag}${i}` : null,
      productId: isLinked ? `prd_${tag}${i}` : null,
      preferred: isLinked,
      createdAt: now,
      updatedAt: now,
    };
  };
  for (let from = 0; from < linked + unchanged; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, linked + unchanged - from) }, (_, k) => sku(from + k));
    await db.collection('source_skus').insertMany(rows as never[]);
  }
  await db.close();
}

/** The feed: linked rows with a new cost, unchanged unlinked rows, new rows. */
export function feedCsv({ rows, linked }: FeedShape): string {
  const lines = ['sku,name,cost,availableQuantity,upc'];
  for (let i = 0; i < rows; i++) {
    const cost = i < linked ? '11.00' : '5.00';
    lines.push(`SUP-${i},Supplier item ${i},${cost},100,`);
  }
  return `${lines.join('\n')}\n`;
}
