import type { Connection } from 'mongoose';
import { connectMongo } from '@stockyard/service-kit/ops';
import { isolatedNames } from '@stockyard/testkit';
import { newEndpoint, rotatedSecret } from '../src/domain/endpoint';
import { EndpointRepository } from '../src/store/endpoint.repository';
import { testSecrets } from './support/webhooks';

let connection: Connection;
let endpoints: EndpointRepository;
beforeAll(async () => {
  connection = await connectMongo(
    process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27117',
    isolatedNames('webhooks').database,
  );
  endpoints = new EndpointRepository(connection);
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

const secretSeen = (orgId: string, id: string, snapshot?: Parameters<EndpointRepository['withEndpoint']>[3]) =>
  endpoints.withEndpoint(orgId, id, (endpoint) => endpoint?.secret, snapshot);

describe("the dispatcher's endpoint snapshot", () => {
  it('is used as it is while this process has not written the endpoint since it was read', async () => {
    const created = await endpoints.create(
      newEndpoint('org_snap', { url: 'https://hooks.example.invalid/a', events: ['product.created'] }, testSecrets),
    );
    const [snapshot] = await endpoints.subscribedTo('org_snap', 'product.created');
    expect(snapshot!.endpoint.secret).toEqual(created.secret);
    // Changed behind the repository's back: the snapshot is not read again, so it still shows the old secret.
    const elsewhere = testSecrets.seal('whsec_elsewhere', created.id);
    await connection
      .collection('webhook_endpoints')
      .updateOne({ _id: created.id as never }, { $set: { secret: elsewhere } });
    expect(await secretSeen('org_snap', created.id, snapshot)).toEqual(created.secret);
    expect(await secretSeen('org_snap', created.id)).toEqual(elsewhere);
  });

  it('is read again after a rotation in this process, so the old secret never signs after it', async () => {
    const created = await endpoints.create(
      newEndpoint('org_snap', { url: 'https://hooks.example.invalid/b', events: ['product.created'] }, testSecrets),
    );
    const [snapshot] = (await endpoints.subscribedTo('org_snap', 'product.created')).filter(
      (s) => s.endpoint.id === created.id,
    );
    const { change } = rotatedSecret(created.id, testSecrets);
    await endpoints.update('org_snap', created.id, () => change);
    expect(await secretSeen('org_snap', created.id, snapshot)).toEqual(change.secret);
  });

  it('is read again after a disable in this process, so nothing is sent to it', async () => {
    const created = await endpoints.create(
      newEndpoint('org_snap', { url: 'https://hooks.example.invalid/c', events: ['product.updated'] }, testSecrets),
    );
    const [snapshot] = await endpoints.subscribedTo('org_snap', 'product.updated');
    await endpoints.update('org_snap', created.id, () => ({ enabled: false }));
    expect(await endpoints.withEndpoint('org_snap', created.id, (endpoint) => endpoint?.enabled, snapshot)).toBe(false);
  });
});
