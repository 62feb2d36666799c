/**
 * Every list (and count) the services run, as the query plan the store makes of it: printed,
 * and failing when a list would read its whole collection. On the local FerretDB the plan is
 * SQLite's EXPLAIN QUERY PLAN of our build's list reads (infra/ferretdb/README.md, "Lists"):
 * a SEARCH of the index the service declares, never a SCAN or a temporary sort; on MongoDB it
 * is the winning plan, never a COLLSCAN. The shapes are copied from the repositories; the
 * indexes are the services' own schemas.
 */
import crypto from 'node:crypto';
import mongoose from 'mongoose';
import { movementModel } from '../services/inventory/src/store/movement.model';
import { stockLevelModel } from '../services/inventory/src/store/stock-level.model';
import { variantModel } from '../services/inventory/src/store/variant.model';
import { binModel, warehouseModel } from '../services/inventory/src/store/warehouse.model';
import { deliveryModel } from '../services/webhooks/src/store/delivery.model';
import { endpointModel } from '../services/webhooks/src/store/endpoint.model';
import { apiKeyModel } from '../services/gateway/src/store/api-key.model';
import { keysetAfter } from '../packages/service-kit/src/db/keyset';
import { infraEnv } from '@stockyard/testkit';

interface Shape {
  /** Where it runs. */
  name: string;
  model: (conn: mongoose.Connection) => mongoose.Model<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  filter: Record<string, unknown>;
  sort?: Record<string, 1 | -1>;
  skip?: number;
  limit?: number;
  /** countDocuments' pipeline rather than a find. */
  count?: true;
  /** The index gives no order here (a few rows per organization, sorted in memory). */
  unsorted?: string;
  /** On MongoDB the index orders by the first sort key but not by `_id` after it: a SORT stage. */
  mongoSorts?: string;
}

const now = new Date();
const newestFirst = { createdAt: -1, _id: -1 } as const;
const oldestFirst = { createdAt: 1, _id: 1 } as const;
const page = { skip: 0, limit: 50 };
const afterCursor = keysetAfter({ at: now, id: 'mov_x' }, -1);
const fewPerOrg = 'a few rows per organization; the index (its service’s) lacks _id';

const SHAPES: Shape[] = [
  { name: 'GET /stock/movements', model: movementModel, filter: { orgId: 'o' }, sort: newestFirst, ...page },
  {
    name: 'GET /stock/movements?offset=10000',
    model: movementModel,
    filter: { orgId: 'o' },
    sort: newestFirst,
    skip: 10_000,
    limit: 50,
  },
  { name: 'GET /stock/movements (total)', model: movementModel, filter: { orgId: 'o' }, count: true },
  {
    name: 'GET /stock/movements?variantId',
    model: movementModel,
    filter: { orgId: 'o', variantId: 'v' },
    sort: newestFirst,
    ...page,
  },
  {
    name: 'GET /stock/movements?variantId (total)',
    model: movementModel,
    filter: { orgId: 'o', variantId: 'v' },
    count: true,
  },
  {
    name: 'GET /stock/movements?warehouseId, GET /warehouses/{id}/stock/movements',
    model: movementModel,
    filter: { orgId: 'o', warehouseId: 'w' },
    sort: newestFirst,
    ...page,
  },
  {
    name: 'GET /stock/movements?type',
    model: movementModel,
    filter: { orgId: 'o', type: 'SALE' },
    sort: newestFirst,
    ...page,
  },
  {
    name: 'GET /warehouses/{id}/stock/movements?type',
    model: movementModel,
    filter: { orgId: 'o', warehouseId: 'w', type: 'SALE' },
    sort: newestFirst,
    ...page,
  },
  {
    name: 'GET /stock/movements?variantId&warehouseId',
    model: movementModel,
    filter: { orgId: 'o', variantId: 'v', warehouseId: 'w' },
    sort: newestFirst,
    ...page,
  },
  {
    name: 'GET /stock/movements?startingAfter (the page after a cursor)',
    model: movementModel,
    filter: { orgId: 'o', ...afterCursor },
    sort: newestFirst,
    skip: 0,
    limit: 51,
  },
  {
    name: 'GET /stock/movements?variantId&startingAfter',
    model: movementModel,
    filter: { orgId: 'o', variantId: 'v', ...afterCursor },
    sort: newestFirst,
    skip: 0,
    limit: 51,
  },
  {
    name: 'GET /warehouses',
    model: warehouseModel,
    filter: { orgId: 'o', deletedAt: null },
    sort: oldestFirst,
    ...page,
    mongoSorts: fewPerOrg,
  },
  {
    name: 'GET /warehouses?includeDeleted=true',
    model: warehouseModel,
    filter: { orgId: 'o' },
    sort: oldestFirst,
    ...page,
    unsorted: 'index (orgId, deletedAt, createdAt): an organization has few warehouses',
  },
  {
    name: 'GET /warehouses/{id}/bins',
    model: binModel,
    filter: { orgId: 'o', warehouseId: 'w' },
    sort: { name: 1, _id: 1 },
    ...page,
    mongoSorts: fewPerOrg,
  },
  {
    name: 'GET /warehouses/{id}/stock (levels)',
    model: stockLevelModel,
    filter: { orgId: 'o', 'locations.warehouseId': 'w' },
    unsorted: 'the listing joins and sorts in memory (inventory README)',
  },
  {
    name: 'GET /warehouses/{id}/stock (variant names)',
    model: variantModel,
    filter: { orgId: 'o', variantId: { $in: ['v1', 'v2'] } },
  },
  {
    name: 'GET /webhooks/endpoints/{id}/deliveries',
    model: deliveryModel,
    filter: { orgId: 'o', endpointId: 'e' },
    sort: newestFirst,
    ...page,
    mongoSorts:
      'TO DO in webhooks: (orgId, endpointId, createdAt) lacks _id, so MongoDB sorts an endpoint’s deliveries',
  },
  {
    name: 'webhooks worker: due deliveries',
    model: deliveryModel,
    filter: {
      status: 'pending',
      nextAttemptAt: { $lte: now },
      $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }],
    },
    sort: { nextAttemptAt: 1 },
    limit: 100,
  },
  {
    name: 'GET /webhooks/endpoints',
    model: endpointModel,
    filter: { orgId: 'o' },
    sort: newestFirst,
    ...page,
    mongoSorts: fewPerOrg,
  },
  { name: 'webhooks: endpoints of an event', model: endpointModel, filter: { orgId: 'o', enabled: true } },
  {
    name: 'GET /api-keys',
    model: apiKeyModel,
    filter: { orgId: 'o', revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] },
    sort: oldestFirst,
    ...page,
    unsorted: 'index (orgId) only: an organization has few keys',
  },
];

const unique = `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
let conn: mongoose.Connection;

beforeAll(async () => {
  conn = await mongoose
    .createConnection(infraEnv().mongoUrl, { dbName: `list_plans_${unique}`, autoIndex: false })
    .asPromise();
});

afterAll(async () => {
  await conn?.dropDatabase();
  await conn?.close();
});

/** The explain command of a shape: a find, or countDocuments' pipeline. */
function explainCommand(collection: string, shape: Shape) {
  if (shape.count) {
    const pipeline = [{ $match: shape.filter }, { $group: { _id: 1, n: { $sum: 1 } } }];
    return { explain: { aggregate: collection, pipeline, cursor: {} } };
  }
  // Only the options a shape has (an undefined one would be sent as null); FerretDB wants longs.
  const find: Record<string, unknown> = { find: collection, filter: shape.filter };
  if (shape.sort) find.sort = shape.sort;
  if (shape.skip !== undefined) find.skip = mongoose.mongo.Long.fromNumber(shape.skip);
  if (shape.limit !== undefined) find.limit = mongoose.mongo.Long.fromNumber(shape.limit);
  return { explain: find };
}

describe('every list the services run is served by an index', () => {
  it.each(SHAPES.map((s) => [s.name, s] as const))('%s', async (_, shape) => {
    const model = shape.model(conn);
    await model.createIndexes();
    const collection = model.collection;
    await collection.insertOne({ _id: `doc_${crypto.randomBytes(4).toString('hex')}`, orgId: 'o' } as never);
    // The first query builds the index's list form on FerretDB (once per index).
    if (shape.count) await collection.countDocuments(shape.filter);
    else await collection.find(shape.filter, { sort: shape.sort, skip: shape.skip, limit: shape.limit }).toArray();

    const plan = (await conn.db!.command(explainCommand(collection.collectionName, shape))) as {
      serverInfo?: { ferretdbVersion?: string };
      queryPlanner?: { Plan?: string[] };
    };
    if (plan.serverInfo?.ferretdbVersion !== undefined) {
      const lines = plan.queryPlanner?.Plan ?? [];
      process.stdout.write(`\n${shape.name} (${collection.collectionName}):\n  ${lines.join('\n  ')}\n`);
      expect(lines[0]).toMatch(/^stockyard list index /);
      for (const line of lines.slice(1)) {
        expect(line).not.toMatch(/\bSCAN\b/);
        expect(line).not.toMatch(/TEMP B-TREE/);
      }
      if (shape.sort && shape.limit && !shape.unsorted) expect(lines[0]).toMatch(/sorted=true/);
    } else {
      const text = JSON.stringify(plan);
      process.stdout.write(`\n${shape.name} (${collection.collectionName}): ${text.slice(0, 2000)}\n`);
      expect(text).not.toMatch(/COLLSCAN/);
      if (shape.sort && shape.limit && !shape.unsorted && !shape.mongoSorts) {
        expect(text).not.toMatch(/"stage":"SORT"/);
      }
    }
  });
});
