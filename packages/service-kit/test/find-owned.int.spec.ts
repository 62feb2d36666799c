import { Schema } from 'mongoose';
import { findOwned } from '../src';
import { useTestDatabase } from './support/database';

const db = useTestDatabase();

interface Thing {
  _id: string;
  orgId: string;
  name: string;
}

it("finds an organization's document by id, and hides another organization's or a missing one", async () => {
  const Things = db().model<Thing>('OwnedThing', new Schema<Thing>({ _id: String, orgId: String, name: String }));
  await Things.create({ _id: 'thing_1', orgId: 'org_a', name: 'anvil' });
  expect(await findOwned<Thing>(Things, 'org_a', 'thing_1')).toMatchObject({ _id: 'thing_1', name: 'anvil' });
  expect(await findOwned<Thing>(Things, 'org_b', 'thing_1')).toBeUndefined();
  expect(await findOwned<Thing>(Things, 'org_a', 'thing_2')).toBeUndefined();
});
