import crypto from 'node:crypto';
import * as amqp from 'amqplib';
import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import { ensureInfra, type InfraUrls } from '../src/infra';

const unique = `${Date.now().toString(36)}${crypto.randomBytes(4).toString('hex')}`;
let infra: InfraUrls;

beforeAll(async () => {
  // The first run on a machine without Docker builds FerretDB from source.
  infra = await ensureInfra({ log: (line) => process.stderr.write(`[infra] ${line}\n`) });
}, 15 * 60_000);

/** Runs `use` on a database of its own, dropped afterwards. */
async function inScratchDatabase(name: string, use: (conn: mongoose.Connection) => Promise<void>): Promise<void> {
  const conn = await mongoose
    .createConnection(infra.mongoUrl, { dbName: `testkit_${name}_${unique}`, serverSelectionTimeoutMS: 10_000 })
    .asPromise();
  try {
    await use(conn);
  } finally {
    await conn.dropDatabase();
    await conn.close();
  }
}

describe('ensureInfra', () => {
  it('returns URLs and a mode, the same ones on a second call', async () => {
    expect(['env', 'containers', 'local']).toContain(infra.mode);
    expect(infra.mongoUrl).toMatch(/^mongodb:\/\//);
    expect(infra.amqpUrl).toMatch(/^amqps?:\/\//);
    expect(infra.redisUrl).toMatch(/^rediss?:\/\//);
    await expect(ensureInfra()).resolves.toEqual(infra);
  });

  it('gives a real MongoDB-compatible store: insert, read back, drop the database', async () => {
    const dbName = `testkit_infra_${unique}`;
    const conn = await mongoose
      .createConnection(infra.mongoUrl, { dbName, serverSelectionTimeoutMS: 10_000 })
      .asPromise();
    try {
      const Thing = conn.model('Thing', new mongoose.Schema({ name: String, qty: Number }));
      // The model's own collection and index creation runs in the background: a late one after
      // the drop would make the database again (seen under load), so it ends before anything else.
      await Thing.init();
      const created = await Thing.create({ name: `widget-${unique}`, qty: 7 });
      const found = await Thing.findById(created._id).lean();
      expect(found).toMatchObject({ name: `widget-${unique}`, qty: 7 });
      await conn.dropDatabase();
      const dbs = await conn.db!.admin().listDatabases();
      expect(dbs.databases.map((d) => d.name)).not.toContain(dbName);
    } finally {
      await conn.close();
    }
  });

  it('finds, updates and deletes by _id through the _id index, and still applies the rest of the filter', async () => {
    await inScratchDatabase('idindex', async (conn) => {
      const things = conn.db!.collection<{ _id: string; orgId: string; qty: number }>('things');
      await things.insertMany(
        Array.from({ length: 50 }, (_, i) => ({ _id: `t${i}`, orgId: i % 2 ? 'odd' : 'even', qty: i })),
      );

      // The other conditions still count once the _id narrows the rows (infra/ferretdb/patches.json).
      await expect(things.findOne({ _id: 't3', orgId: 'even' })).resolves.toBeNull();
      await expect(things.findOne({ _id: 't3', orgId: 'odd' })).resolves.toMatchObject({ qty: 3 });
      expect((await things.updateOne({ _id: 't4', orgId: 'odd' }, { $inc: { qty: 100 } })).matchedCount).toBe(0);
      expect((await things.updateOne({ _id: 't4', orgId: 'even' }, { $inc: { qty: 100 } })).modifiedCount).toBe(1);
      await expect(things.findOne({ _id: 't4' })).resolves.toMatchObject({ qty: 104 });
      expect((await things.deleteOne({ _id: 't5', qty: { $gt: 5 } })).deletedCount).toBe(0);
      expect((await things.deleteOne({ _id: 't5', qty: 5 })).deletedCount).toBe(1);
      await expect(things.countDocuments({ _id: { $in: ['t3', 't4', 't5'] } })).resolves.toBe(2);

      const plan = (await conn.db!.command({ explain: { find: 'things', filter: { _id: 't7', orgId: 'odd' } } })) as {
        serverInfo?: { ferretdbVersion?: string };
        queryPlanner?: { Plan?: string[] };
      };
      if (plan.serverInfo?.ferretdbVersion !== undefined) {
        // FerretDB's SQLite backend: a SEARCH on the _id index, not a SCAN of the table.
        expect(plan.queryPlanner?.Plan?.join('\n')).toMatch(/SEARCH .* USING INDEX .*__id_/);
      }
    });
  });

  it('reads an _id $in of strings and ObjectIds by the _id index, in finds and countDocuments', async () => {
    await inScratchDatabase('idin', async (conn) => {
      const products = conn.db!.collection<{ _id: unknown; orgId: string; deletedAt: Date | null; createdAt: Date }>(
        'products',
      );
      // The catalog's list index: without the _id $in, our build reads the organization's range of it.
      await products.createIndex({ orgId: 1, deletedAt: 1, createdAt: -1 }, { name: 'org_deleted_created' });
      const all = Array.from({ length: 300 }, (_, i) => ({
        _id: i % 10 === 9 ? new mongoose.Types.ObjectId() : `prd_${i}`, // strings and ObjectIds
        orgId: i % 3 ? 'o' : 'p',
        deletedAt: i % 7 ? null : new Date(),
        createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 20))),
      }));
      await products.insertMany(all);
      // About the catalog's largest list: 1,000 ids, some twice, most of them of nothing.
      const some = all.filter((_, i) => i % 4 === 1 || i % 10 === 9);
      const list: unknown[] = [
        ...some.map((p) => p._id),
        some[0]!._id,
        ...Array.from({ length: 999 - some.length }, (_, i) => `gone_${i}`),
      ];
      const filter: Record<string, unknown> = { orgId: 'o', deletedAt: null, _id: { $in: list } };
      const expected = some.filter((p) => p.orgId === 'o' && p.deletedAt === null).length;
      expect(expected).toBeGreaterThan(5);
      await expect(products.countDocuments(filter)).resolves.toBe(expected);
      // The organization's list (which builds the list form of the index on our build).
      const page = products.find({ orgId: 'o', deletedAt: null }).sort({ createdAt: -1, _id: -1 }).limit(5);
      expect(await page.toArray()).toHaveLength(5);

      const long = (n: number) => mongoose.mongo.Long.fromNumber(n);
      const explains: [string, Record<string, unknown>][] = [
        ['find', { find: 'products', filter }],
        ['a page', { find: 'products', filter, sort: { createdAt: -1, _id: -1 }, skip: long(10), limit: long(5) }],
        ['the page backwards', { find: 'products', filter, sort: { createdAt: 1, _id: 1 }, limit: long(5) }],
        [
          'countDocuments',
          {
            aggregate: 'products',
            pipeline: [{ $match: filter }, { $group: { _id: 1, n: { $sum: 1 } } }],
            cursor: {},
          },
        ],
      ];
      for (const [name, command] of explains) {
        const plan = (await conn.db!.command({ explain: command })) as {
          serverInfo?: { ferretdbVersion?: string };
          queryPlanner?: { Plan?: string[] };
        };
        if (plan.serverInfo?.ferretdbVersion === undefined) {
          expect(JSON.stringify(plan)).not.toMatch(/COLLSCAN/);
          continue;
        }
        // Our build: one SEARCH on the _id index (not the list index, not a SCAN).
        const lines = plan.queryPlanner?.Plan ?? [];
        expect([name, lines]).toEqual([name, [expect.stringMatching(/detail=SEARCH \S+ USING INDEX \S+__id_ /)]]);
      }

      // Lists of other types are left to the other paths: here the list index.
      const numbers = { orgId: 'o', deletedAt: null, _id: { $in: ['prd_1', 2] } };
      const other = (await conn.db!.command({ explain: { find: 'products', filter: numbers } })) as {
        serverInfo?: { ferretdbVersion?: string };
        queryPlanner?: { Plan?: string[] };
      };
      if (other.serverInfo?.ferretdbVersion !== undefined) {
        expect(other.queryPlanner?.Plan?.[0]).toMatch(/^stockyard list index org_deleted_created /);
      }
    });
  });

  it('answers string and boolean filters exactly as MongoDB does (our build checks them in SQLite first)', async () => {
    await inScratchDatabase('scalars', async (conn) => {
      type Doc = { _id: string; [field: string]: unknown };
      const docs = conn.db!.collection<Doc>('docs');
      await docs.insertMany([
        { _id: 'plain', s: 'pending', b: true, k2: 'x' },
        { _id: 'other', s: 'done', b: false, k2: 'y' },
        { _id: 'array', s: ['done', 'pending'], b: [false, true] },
        { _id: 'arrayWithout', s: ['done'], b: [false] },
        { _id: 'nested', s: { s: 'pending' }, b: { b: true } },
        { _id: 'missing' },
        { _id: 'null', s: null, b: null },
        { _id: 'number', s: 5, b: 1 },
        { _id: 'numericString', s: '5', b: 'true' },
        { _id: 'quoted', s: `it's "quoted" ünïcode`, b: true },
      ]);
      const ids = async (filter: Record<string, unknown>) =>
        (await docs.find(filter).toArray()).map((d) => d._id).sort();

      await expect(ids({ s: 'pending' })).resolves.toEqual(['array', 'plain']);
      await expect(ids({ s: 'done' })).resolves.toEqual(['array', 'arrayWithout', 'other']);
      await expect(ids({ s: '5' })).resolves.toEqual(['numericString']);
      await expect(ids({ s: 5 })).resolves.toEqual(['number']);
      await expect(ids({ s: `it's "quoted" ünïcode` })).resolves.toEqual(['quoted']);
      await expect(ids({ b: true })).resolves.toEqual(['array', 'plain', 'quoted']);
      await expect(ids({ b: false })).resolves.toEqual(['array', 'arrayWithout', 'other']);
      await expect(ids({ s: null })).resolves.toEqual(['missing', 'null']);
      await expect(ids({ 's.s': 'pending' })).resolves.toEqual(['nested']);
      await expect(ids({ s: 'pending', b: true, k2: 'x' })).resolves.toEqual(['plain']);
      await expect(ids({ s: 'pending', b: false })).resolves.toEqual(['array']);
      await expect(ids({ _id: 'plain', s: 'done' })).resolves.toEqual([]);
      await expect(ids({ s: { $in: ['pending', 'done'] } })).resolves.toEqual([
        'array',
        'arrayWithout',
        'other',
        'plain',
      ]);
      await expect(docs.countDocuments({ s: 'pending', b: true })).resolves.toBe(2);
      await expect(docs.find({ s: 'done' }).sort({ _id: -1 }).limit(1).toArray()).resolves.toEqual([
        expect.objectContaining({ _id: 'other' }),
      ]);
      expect((await docs.updateMany({ b: true }, { $set: { touched: true } })).modifiedCount).toBe(3);
      await expect(ids({ touched: true })).resolves.toEqual(['array', 'plain', 'quoted']);
      expect((await docs.deleteMany({ s: 'done' })).deletedCount).toBe(3);
      await expect(docs.countDocuments({})).resolves.toBe(7);
    });
  });

  it('keeps the indexes asked for: unique ones refuse duplicates, every one is listed and can be dropped', async () => {
    await inScratchDatabase('indexes', async (conn) => {
      const docs = conn.db!.collection<{ _id: string; org: string; sku: string; at: number }>('docs');
      await docs.createIndex({ org: 1, sku: 1 }, { unique: true, name: 'org_sku' });
      // Our build records it, and builds its list form when a query it serves first runs.
      await docs.createIndex({ org: 1, at: -1 }, { name: 'org_at' });
      await docs.insertMany([
        { _id: 'a', org: 'o1', sku: 'A', at: 1 },
        { _id: 'b', org: 'o1', sku: 'B', at: 2 },
        { _id: 'c', org: 'o2', sku: 'A', at: 3 },
      ]);
      await expect(docs.insertOne({ _id: 'd', org: 'o1', sku: 'A', at: 4 })).rejects.toMatchObject({ code: 11000 });
      // Refused on update too (FerretDB v1 answers it with code 1 rather than MongoDB's 11000).
      await expect(docs.updateOne({ _id: 'c' }, { $set: { org: 'o1' } })).rejects.toThrow();
      const names = async () => (await docs.listIndexes().toArray()).map((i) => i.name).sort();
      await expect(names()).resolves.toEqual(['_id_', 'org_at', 'org_sku']);
      expect((await docs.indexes()).find((i) => i.name === 'org_at')?.key).toEqual({ org: 1, at: -1 });
      await expect(docs.find({ org: 'o1' }).sort({ at: -1 }).toArray()).resolves.toEqual([
        expect.objectContaining({ _id: 'b' }),
        expect.objectContaining({ _id: 'a' }),
      ]);
      const plan = async () =>
        (await conn.db!.command({ explain: { find: 'docs', filter: { org: 'o1' }, sort: { at: -1 } } })) as {
          serverInfo?: { ferretdbVersion?: string };
          queryPlanner?: { Plan?: string[] };
        };
      const onFerretDb = (await plan()).serverInfo?.ferretdbVersion !== undefined;
      if (onFerretDb) expect((await plan()).queryPlanner?.Plan?.[0]).toMatch(/^stockyard list index org_at /);
      await docs.createIndex({ org: 1, at: -1 }, { name: 'org_at' }); // asking again is a no-op
      await docs.dropIndex('org_at');
      if (onFerretDb) expect((await plan()).queryPlanner?.Plan?.join('\n')).not.toMatch(/org_at/); // dropped with it
      await expect(docs.find({ org: 'o1' }).sort({ at: -1 }).toArray()).resolves.toEqual([
        expect.objectContaining({ _id: 'b' }),
        expect.objectContaining({ _id: 'a' }),
      ]);
      await docs.dropIndex('org_sku');
      await expect(names()).resolves.toEqual(['_id_']);
      await expect(docs.insertOne({ _id: 'd', org: 'o1', sku: 'A', at: 4 })).resolves.toBeDefined(); // no longer unique
    });
  });

  it('gives a real RabbitMQ: publish with confirms and consume on an auto-delete queue', async () => {
    const conn = await amqp.connect(infra.amqpUrl);
    try {
      const ch = await conn.createConfirmChannel();
      const queue = `testkit.infra.${unique}`;
      await ch.assertQueue(queue, { autoDelete: true, durable: false });
      const body = JSON.stringify({ hello: unique });
      ch.sendToQueue(queue, Buffer.from(body), { contentType: 'application/json' });
      await ch.waitForConfirms();
      const received = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message within 10 s')), 10_000);
        void ch.consume(queue, (msg) => {
          if (!msg) return;
          ch.ack(msg);
          clearTimeout(timer);
          resolve(msg.content.toString());
        });
      });
      expect(received).toBe(body);
      await ch.close();
    } finally {
      await conn.close();
    }
  });

  it('gives a real Redis: SET then GET a prefixed key', async () => {
    const redis = new Redis(infra.redisUrl, { maxRetriesPerRequest: 2 });
    const key = `testkit:infra:${unique}:greeting`;
    try {
      await redis.set(key, `hello ${unique}`, 'EX', 60);
      await expect(redis.get(key)).resolves.toBe(`hello ${unique}`);
      await redis.del(key);
    } finally {
      await redis.quit();
    }
  });
});
