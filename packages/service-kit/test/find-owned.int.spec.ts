import { Schema, type Connection } from 'mongoose';
import { isolatedNames } from '@stockyard/testkit';
import { connectMongo, findOwned } from '../src';

let connection: Connection;
beforeAll(async () => {
  connection = await connectMongo(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:37017', isolatedNames('kit').database);
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

interface Thing {
  _id: string;
  orgId: string;
  name: string;
}

it("finds an organization's document by id, and hides another organization's or a missing one", async () => {
  const Things = connection.model<Thing>('OwnedThing', new Schema<Thing>({ _id: String, orgId: String, name: String }));
  await Things.create({ _id: 'thing_1', orgId: 'org_a', name: 'anvil' });
  expect(await findOwned<Thing>(Things, 'org_a', 'thing_1')).toMatchObject({ _id: 'thing_1', name: 'anvil' });
  expect(await findOwned<Thing>(Things, 'org_b', 'thing_1')).toBeUndefined();
  expect(await findOwned<Thing>(Things, 'org_a', 'thing_2')).toBeUndefined();
});
