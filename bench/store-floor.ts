/**
 * The store floor of issue #39: what a flow's documents cost the local store when written as tightly as it
 * allows. The documents are the ones the flow was counted writing (support/write-count.ts), cloned with
 * fresh ids into a scratch database whose collections carry the services' own indexes (copied from
 * listIndexes); each step of an operation is one command per collection and kind (an insertMany, a
 * bulkWrite of updates setting the fields that changed, 50 at most: support/floor-plan.ts says why, a
 * deleteMany), one command at a time. A read's floor is one indexed find of the page. Measured:
 * FerretDB's CPU and this process's (the driver's work, which a service would do too), and the wall time.
 */
import { cpuMeter } from './machine';
import { pct } from './support/figures';
import type { PageRead } from './support/flow-probe';
import { collectionName, plan, seedFor, type Command, type Operation } from './support/floor-plan';
import { connect, type StoredDoc } from './support/store';
import { writesPerUnit, type CountedFlow } from './support/write-count';

type Db = ReturnType<Awaited<ReturnType<typeof connect>>['db']>;

/** Documents the floor writes per flow (operations = this ÷ a operation's writes, 5 to 500). */
const FLOOR_WRITES = Number(process.env.BENCH_FLOOR_WRITES ?? 10_000);
const FLOOR_READS = Number(process.env.BENCH_FLOOR_READS ?? 100);

export interface Floor {
  /** Operations measured (writes) or reads made. */
  operations: number;
  unitsPerSecond: number;
  wallMsPerUnit: number;
  /** CPU ms per unit: `ferretdb` and `floor` (this process). */
  cpuMsPerUnit: Record<string, number>;
  totalCpuMsPerUnit: number;
  /** Documents written per unit (writes), or read (reads). */
  documents: number;
}

const floorOf = (
  used: Record<string, number>,
  { units, operations, wallMs, documents }: { units: number; operations: number; wallMs: number; documents: number },
): Floor => {
  const cpuMsPerUnit = Object.fromEntries(Object.entries(used).map(([name, cpu]) => [name, cpu / units]));
  return {
    operations,
    unitsPerSecond: units / (wallMs / 1000),
    wallMsPerUnit: wallMs / units,
    cpuMsPerUnit,
    totalCpuMsPerUnit: Object.values(cpuMsPerUnit).reduce((a, b) => a + b, 0),
    documents,
  };
};

async function send(db: Db, command: Command): Promise<unknown> {
  const collection = db.collection(command.collection);
  if ('insert' in command) return collection.insertMany(command.insert);
  if ('update' in command) return collection.bulkWrite(command.update, { ordered: false });
  return collection.deleteMany({ _id: { $in: command.deleteIds as never[] } });
}

async function run(db: Db, operations: Operation[]): Promise<void> {
  for (const operation of operations) for (const step of operation) for (const command of step) await send(db, command);
}

/** The collections with the services' indexes, and the documents the operations find in place. */
async function prepare(db: Db, flow: CountedFlow, operations: number): Promise<void> {
  for (const [key, specs] of flow.indexes) {
    const [service, collection] = key.split('/') as [string, string];
    const name = collectionName({ service, collection });
    await db.createCollection(name);
    const own = specs.filter((s) => s.name !== '_id_').map(({ v: _v, ns: _ns, ...spec }) => spec);
    if (own.length > 0) await db.collection(name).createIndexes(own as never[]);
  }
  const seeded = new Map<string, StoredDoc[]>();
  for (let i = 0; i < operations; i++) seedFor(flow, i, seeded);
  for (const [name, docs] of seeded)
    for (let from = 0; from < docs.length; from += 5000)
      await db.collection(name).insertMany(docs.slice(from, from + 5000));
}

/** The flow's documents written `operations` times over, after a tenth as many not measured. */
export async function writeFloor(
  mongoUrl: string,
  scratchDb: string,
  flow: CountedFlow,
  ferretDbPid: number | undefined,
): Promise<Floor> {
  const operations = Math.min(500, Math.max(5, Math.round(FLOOR_WRITES / (writesPerUnit(flow) * flow.units))));
  const warmups = Math.max(2, Math.ceil(operations / 10));
  const client = await connect(mongoUrl);
  const db = client.db(scratchDb);
  try {
    await db.dropDatabase();
    await prepare(db, flow, warmups + operations);
    const planned = Array.from({ length: warmups + operations }, (_, i) => plan(flow, i));
    await run(db, planned.slice(0, warmups));
    const meter = cpuMeter({ ferretdb: ferretDbPid, floor: process.pid }).start();
    const started = performance.now();
    await run(db, planned.slice(warmups));
    const wallMs = performance.now() - started;
    return floorOf(meter.stop(), {
      units: operations * flow.units,
      operations,
      wallMs,
      documents: writesPerUnit(flow),
    });
  } finally {
    await db.dropDatabase();
    await client.close();
  }
}

/** One page of a list read straight from its collection, one read at a time: p50 and p99 beside the floor. */
export async function readFloor(
  mongoUrl: string,
  at: { dbName: string; collection: string },
  read: PageRead,
  ferretDbPid: number | undefined,
): Promise<Floor & { p50: number; p99: number }> {
  const client = await connect(mongoUrl);
  try {
    const collection = client.db(at.dbName).collection(at.collection);
    const find = () => collection.find(read.filter).sort(read.sort).limit(read.limit).toArray();
    let rows = 0;
    for (let i = 0; i < 10; i++) rows = (await find()).length;
    const latencies: number[] = [];
    const meter = cpuMeter({ ferretdb: ferretDbPid, floor: process.pid }).start();
    const started = performance.now();
    for (let i = 0; i < FLOOR_READS; i++) {
      const t = performance.now();
      await find();
      latencies.push(performance.now() - t);
    }
    const wallMs = performance.now() - started;
    const floor = floorOf(meter.stop(), { units: FLOOR_READS, operations: FLOOR_READS, wallMs, documents: rows });
    latencies.sort((a, b) => a - b);
    return { ...floor, p50: pct(latencies, 50), p99: pct(latencies, 99) };
  } finally {
    await client.close();
  }
}
