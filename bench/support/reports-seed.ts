/**
 * bench:reports' seed, straight into inventory's database (bypassing the API, for speed): one
 * organization's variant copies (product and categories, as the catalog's events leave them:
 * `applyVariantChange`), and each variant's year of stock (reports-history.ts) stored as the
 * service stores a change: the level in its stored form (`stockLevelCodec`), its level-place rows
 * (`placeTermsOf`, `termRows`), the ledger's movements (store/ledger.ts's rows) and one valuation
 * entry per movement (`valuationRowsOf`). Batched insertMany, one at a time, the next batch decided
 * while the last is written.
 */
import { termRows } from '../../packages/service-kit/src/store/search-index';
import { placeTermsOf } from '../../services/inventory/src/domain/level-places';
import { applyVariantChange, noVariant } from '../../services/inventory/src/domain/variant';
import { rowOf as movementRowOf } from '../../services/inventory/src/store/ledger';
import { stockLevelCodec } from '../../services/inventory/src/store/stock-level.codec';
import { valuationRowsOf } from '../../services/inventory/src/store/valuation-rows';
import { say } from './figures';
import { seeded as randomFrom } from '../../test/support/fuzz-inputs';
import { historyOf, type History } from './reports-history';
import type { MongoClient, StoredDoc } from './store';

type Db = ReturnType<MongoClient['db']>;

/** Documents per insertMany. */
const BATCH = 5_000;
/** Variants per product; each product is in one of CATEGORIES categories, every third in a second one too. */
const VARIANTS_PER_PRODUCT = 4;
const CATEGORIES = 40;

interface ReportsSeedOptions {
  orgId: string;
  variants: number;
  movements: number;
  warehouses: readonly string[];
  channels: readonly string[];
}

interface ReportsSeed {
  /** Documents stored, by collection. */
  stored: Record<string, number>;
  seconds: number;
  /** The variant ids, in order (`var_bench_000000`, …). */
  variantIds: string[];
}

/** Writes documents in batches of BATCH, one insertMany at a time; `add` waits only when one is already queued. */
class Batches {
  private pending: Promise<unknown> = Promise.resolve();
  private readonly buffers = new Map<string, object[]>();
  readonly stored: Record<string, number> = {};

  constructor(private readonly db: Db) {}

  async add(collection: string, docs: readonly object[]): Promise<void> {
    const buffer = this.buffers.get(collection) ?? [];
    buffer.push(...docs);
    this.buffers.set(collection, buffer);
    while (buffer.length >= BATCH) await this.write(collection, buffer.splice(0, BATCH));
  }

  async finish(): Promise<void> {
    for (const [collection, buffer] of this.buffers) if (buffer.length) await this.write(collection, buffer.splice(0));
    await this.pending;
  }

  private async write(collection: string, docs: object[]): Promise<void> {
    await this.pending;
    this.stored[collection] = (this.stored[collection] ?? 0) + docs.length;
    this.pending = this.db.collection(collection).insertMany(docs, { ordered: false });
  }
}

/** A document without its undefined fields (the driver would store them as null). */
const defined = (doc: Record<string, unknown>): StoredDoc =>
  Object.fromEntries(Object.entries(doc).filter(([, value]) => value !== undefined));

const variantIdOf = (i: number) => `var_bench_${String(i).padStart(6, '0')}`;

/** The catalog's copy of variant i as inventory's read model holds it after its first event. */
function variantCopy(orgId: string, i: number, at: Date): StoredDoc {
  const variantId = variantIdOf(i);
  const product = Math.floor(i / VARIANTS_PER_PRODUCT);
  const categoryIds = [`cat_bench_${product % CATEGORIES}`];
  if (product % 3 === 0) categoryIds.push(`cat_bench_${(product * 7 + 3) % CATEGORIES}`);
  const fields = {
    sku: `BENCH-${i}`,
    name: `Bench item ${i}`,
    productId: `prd_bench_${product}`,
    categoryIds,
    deleted: false,
  };
  const { state } = applyVariantChange(noVariant(orgId, variantId), at, fields);
  // The store's insert of a first version (AggregateStore.insertNew).
  return { ...state, _id: `${orgId}:${variantId}`, version: 1, createdAt: at, updatedAt: at };
}

/** The level as its store last wrote it: its stored fields, the version after its last change, the store's instants. */
function levelDoc({ level, first, last }: History): StoredDoc {
  const { version, ...fields } = level;
  const stored = stockLevelCodec.encode(fields);
  return defined({ ...stored, _id: `${level.orgId}:${level.variantId}`, version, createdAt: first, updatedAt: last });
}

/** Movements spread evenly: variant i gets ⌊movements / variants⌋, the first `movements % variants` one more. */
const movementsOf = (options: ReportsSeedOptions, i: number) =>
  Math.floor(options.movements / options.variants) + (i < options.movements % options.variants ? 1 : 0);

export async function seedReports(db: Db, options: ReportsSeedOptions): Promise<ReportsSeed> {
  const { orgId } = options;
  const started = performance.now();
  const end = Date.now() - 60_000;
  const random = randomFrom(42);
  const batches = new Batches(db);
  const variantIds: string[] = [];
  let nextReport = started + 60_000;
  for (let i = 0; i < options.variants; i++) {
    const variantId = variantIdOf(i);
    variantIds.push(variantId);
    const costCents = 100 + Math.floor(random() * 4_900);
    const place = { orgId, variantId, warehouses: options.warehouses, channels: options.channels, costCents, end };
    const history = historyOf({ ...place, movements: movementsOf(options, i) }, random);
    await batches.add('variants', [variantCopy(orgId, i, new Date(end - 400 * 86_400_000))]);
    if (history.steps.length === 0) continue;
    const { level } = history;
    await batches.add('stock_levels', [levelDoc(history)]);
    await batches.add('stock_level_places', termRows(orgId, variantId, level.version, placeTermsOf(level)));
    await batches.add(
      'stock_movements',
      history.steps.flatMap((s) => s.movements.map((m) => movementRowOf(orgId, m) as StoredDoc)),
    );
    await batches.add(
      'stock_valuation_entries',
      history.steps.flatMap((s) => valuationRowsOf({ orgId, variantId, version: s.version }, s.entries)),
    );
    if (performance.now() > nextReport) {
      nextReport += 60_000;
      const rows = Object.values(batches.stored).reduce((a, b) => a + b, 0);
      const seconds = (performance.now() - started) / 1000;
      say(`  … ${i + 1} variants, ${rows} rows stored in ${seconds.toFixed(0)} s`);
    }
  }
  await batches.finish();
  return { stored: batches.stored, seconds: (performance.now() - started) / 1000, variantIds };
}
