import type { Connection } from 'mongoose';
import { connectMongo } from '@stockyard/service-kit/ops';
import { isolatedNames } from '@stockyard/testkit';
import type { EndpointSnapshot } from '../src/store/endpoint.repository';
import { endpointsOn } from './support/service-parts';
import { testSecrets } from './support/webhooks';

let connection: Connection;
let endpoints: ReturnType<typeof endpointsOn>;
beforeAll(async () => {
  connection = await connectMongo(
    process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27117',
    isolatedNames('webhooks').database,
  );
  endpoints = endpointsOn(connection);
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

const secretSeen = (orgId: string, id: string, snapshot?: EndpointSnapshot) =>
  endpoints.reads.withEndpoint(orgId, id, (endpoint) => endpoint?.secret, snapshot);

describe("the dispatcher's endpoint snapshot", () => {
  it('is used as it is while this process has not written the endpoint since it was read', async () => {
    const { endpoint: created } = await endpoints.commands.create('org_snap', {
      url: 'https://hooks.example.invalid/a',
      events: ['product.created'],
    });
    const [snapshot] = await endpoints.reads.subscribedTo('org_snap', 'product.created');
    expect(snapshot!.endpoint.secret).toEqual(created.secret);
    // Changed behind the store's back: the snapshot is not read again, so it still shows the old secret.
    const elsewhere = testSecrets.seal('whsec_elsewhere', created.id);
    await connection
      .collection('webhook_endpoints')
      .updateOne({ _id: created.id as never }, { $set: { secret: elsewhere } });
    expect(await secretSeen('org_snap', created.id, snapshot)).toEqual(created.secret);
    expect(await secretSeen('org_snap', created.id)).toEqual(elsewhere);
  });

  it('is read again after a rotation in this process, so the old secret never signs after it', async () => {
    const { endpoint: created } = await endpoints.commands.create('org_snap', {
      url: 'https://hooks.example.invalid/b',
      events: ['product.created'],
    });
    const [snapshot] = (await endpoints.reads.subscribedTo('org_snap', 'product.created')).filter(
      (s) => s.endpoint.id === created.id,
    );
    const { endpoint: rotated } = await endpoints.commands.rotateSecret('org_snap', created.id);
    expect(await secretSeen('org_snap', created.id, snapshot)).toEqual(rotated.secret);
  });

  it('is read again after a disable in this process, so nothing is sent to it', async () => {
    const { endpoint: created } = await endpoints.commands.create('org_snap', {
      url: 'https://hooks.example.invalid/c',
      events: ['product.updated'],
    });
    const [snapshot] = await endpoints.reads.subscribedTo('org_snap', 'product.updated');
    await endpoints.commands.update('org_snap', created.id, { enabled: false });
    expect(await endpoints.reads.withEndpoint('org_snap', created.id, (endpoint) => endpoint?.enabled, snapshot)).toBe(
      false,
    );
  });
});
