import type { Connection } from 'mongoose';
import { connectMongo } from '@stockyard/service-kit';
import { isolatedNames } from '@stockyard/testkit';
import { newEndpoint, newSecret } from '../src/domain/endpoint';
import { EndpointRepository } from '../src/store/endpoint.repository';

let connection: Connection;
let endpoints: EndpointRepository;
beforeAll(async () => {
  connection = await connectMongo(
    process.env.MONGO_URL ?? 'mongodb://127.0.0.1:37017',
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
      newEndpoint('org_snap', { url: 'https://hooks.example.invalid/a', events: ['product.created'] }),
    );
    const [snapshot] = await endpoints.subscribedTo('org_snap', 'product.created');
    expect(snapshot!.endpoint.secret).toBe(created.secret);
    // Changed behind the repository's back: the snapshot is not read again, so it still shows the old secret.
    await connection
      .collection('webhook_endpoints')
      .updateOne({ _id: created.id as never }, { $set: { secret: 'whsec_elsewhere' } });
    expect(await secretSeen('org_snap', created.id, snapshot)).toBe(created.secret);
    expect(await secretSeen('org_snap', created.id)).toBe('whsec_elsewhere');
  });

  it('is read again after a rotation in this process, so the old secret never signs after it', async () => {
    const created = await endpoints.create(
      newEndpoint('org_snap', { url: 'https://hooks.example.invalid/b', events: ['product.created'] }),
    );
    const [snapshot] = (await endpoints.subscribedTo('org_snap', 'product.created')).filter(
      (s) => s.endpoint.id === created.id,
    );
    const rotated = newSecret();
    await endpoints.update('org_snap', created.id, () => ({ secret: rotated }));
    expect(await secretSeen('org_snap', created.id, snapshot)).toBe(rotated);
  });

  it('is read again after a disable in this process, so nothing is sent to it', async () => {
    const created = await endpoints.create(
      newEndpoint('org_snap', { url: 'https://hooks.example.invalid/c', events: ['product.updated'] }),
    );
    const [snapshot] = await endpoints.subscribedTo('org_snap', 'product.updated');
    await endpoints.update('org_snap', created.id, () => ({ enabled: false }));
    expect(await endpoints.withEndpoint('org_snap', created.id, (endpoint) => endpoint?.enabled, snapshot)).toBe(false);
  });
});
