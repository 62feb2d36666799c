import type { Connection } from 'mongoose';
import { newEvent } from '@stockyard/service-kit';
import { connectMongo } from '@stockyard/service-kit/ops';
import { isolatedNames } from '@stockyard/testkit';
import { newDelivery, outcomeOf } from '../src/domain/delivery';
import { deliveriesOn } from './support/service-parts';

let connection: Connection;
let deliveries: ReturnType<typeof deliveriesOn>;
beforeAll(async () => {
  connection = await connectMongo(
    process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27117',
    isolatedNames('webhooks').database,
  );
  deliveries = deliveriesOn(connection);
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});
beforeEach(() => connection.collection('webhook_deliveries').deleteMany({}));

async function pendingDelivery(dueAt: Date) {
  const event = newEvent('inventory.availability_changed', {
    orgId: 'org_claim',
    variantId: 'var_1',
    oldAvailable: 1,
    newAvailable: 0,
  });
  const delivery = newDelivery({ ...event, name: 'inventory.availability_changed' }, 'we_claim', dueAt);
  await deliveries.created.createIfAbsent(delivery);
  return delivery;
}
const attempt = (number: number) => ({
  number,
  at: new Date(),
  responseStatus: 200,
  durationMs: 5,
  error: null,
  responseBody: 'ok',
});

it('does not hand out a delivery again while its lease runs', async () => {
  const { id } = await pendingDelivery(new Date());
  expect((await deliveries.leases.claimDue(new Date(), 60_000))?.id).toBe(id);
  expect(await deliveries.leases.claimDue(new Date(), 60_000)).toBeUndefined();
});

// In one process the document lock serializes racing claims (FerretDB too); across
// replicas the version guard does it, atomically on MongoDB only.
it('lets only one of several racing claims win a delivery', async () => {
  await pendingDelivery(new Date());
  const claims = await Promise.all([1, 2, 3].map(() => deliveries.leases.claimDue(new Date(), 60_000)));
  expect(claims.filter(Boolean)).toHaveLength(1);
});

it('does not claim a delivery before it is due', async () => {
  await pendingDelivery(new Date(Date.now() + 60_000));
  expect(await deliveries.leases.claimDue(new Date(), 60_000)).toBeUndefined();
});

it("takes over a crashed worker's claim once its lease expired, and fences the old worker out", async () => {
  const { id } = await pendingDelivery(new Date());
  // One clock for the claims (the store takes the time it is given): on a busy machine 50 ms of
  // the wall clock can pass between two calls, which would expire the lease this asserts on.
  const now = new Date();
  const crashed = await deliveries.leases.claimDue(now, 50);
  expect(crashed?.id).toBe(id);
  expect(await deliveries.leases.claimDue(new Date(now.getTime() + 49), 60_000)).toBeUndefined();

  const later = new Date(now.getTime() + 100);
  const takeover = await deliveries.leases.claimDue(later, 60_000);
  expect(takeover?.id).toBe(id);
  expect(
    await deliveries.leases.recordAttempt(
      crashed!,
      attempt(1),
      outcomeOf(1, { ok: true }, { schedule: [], jitter: 0 }, later),
    ),
  ).toBe(false);
  expect(
    await deliveries.leases.recordAttempt(
      takeover!,
      attempt(1),
      outcomeOf(1, { ok: true }, { schedule: [], jitter: 0 }, later),
    ),
  ).toBe(true);
  expect(await deliveries.reads.find('org_claim', id)).toMatchObject({
    status: 'succeeded',
    attempts: [expect.objectContaining({ number: 1 })],
  });
});

describe('deliveries stored after their first attempt, or claimed while it runs', () => {
  const fresh = () => {
    const event = newEvent('inventory.availability_changed', {
      orgId: 'org_claim',
      variantId: 'var_2',
      oldAvailable: 1,
      newAvailable: 0,
    });
    return newDelivery({ ...event, name: 'inventory.availability_changed' }, 'we_claim', new Date());
  };

  it('inserts a delivery with its first attempt and outcome, once', async () => {
    const delivery = fresh();
    expect(await deliveries.reads.exists(delivery.id)).toBe(false);
    const outcome = outcomeOf(1, { ok: false }, { schedule: [60], jitter: 0 }, new Date());
    expect(
      await deliveries.created.createWithAttempt(
        delivery,
        { ...attempt(1), responseStatus: 500, error: 'HTTP 500' },
        outcome,
      ),
    ).toBe(true);
    expect(
      await deliveries.created.createWithAttempt(
        delivery,
        attempt(1),
        outcomeOf(1, { ok: true }, { schedule: [], jitter: 0 }, new Date()),
      ),
    ).toBe(false);
    expect(await deliveries.reads.exists(delivery.id)).toBe(true);
    expect(await deliveries.reads.find('org_claim', delivery.id)).toMatchObject({
      status: 'pending',
      nextAttemptAt: outcome.nextAttemptAt,
      lastError: 'HTTP 500',
      attempts: [expect.objectContaining({ number: 1, responseStatus: 500 })],
    });
    // Pending with a later attempt and no lease: the scan finds it once it is due.
    expect(await deliveries.leases.claimDue(new Date(), 60_000)).toBeUndefined();
    expect((await deliveries.leases.claimDue(new Date(Date.now() + 61_000), 60_000))?.id).toBe(delivery.id);
  });

  it('inserts a claimed delivery once; nobody else can claim it while the lease runs', async () => {
    const delivery = fresh();
    const created = await deliveries.created.createClaimed(delivery, new Date(), 60_000);
    expect(created).toMatchObject({ id: delivery.id, status: 'pending', attempts: [], leaseId: expect.any(String) });
    expect(await deliveries.created.createClaimed(delivery, new Date(), 60_000)).toBeUndefined();
    expect(await deliveries.leases.claimDue(new Date(), 60_000)).toBeUndefined();
    expect(
      await deliveries.leases.recordAttempt(
        created!,
        attempt(1),
        outcomeOf(1, { ok: true }, { schedule: [], jitter: 0 }, new Date()),
      ),
    ).toBe(true);
    expect(await deliveries.reads.find('org_claim', delivery.id)).toMatchObject({ status: 'succeeded' });
  });
});
