import type { Connection } from 'mongoose';
import { infraEnv, isolatedNames } from '@stockyard/testkit';
import { connectMongo } from '../../ops';

/** A database of its own for the test file, dropped after it; read the connection inside tests. */
export function useTestDatabase(): () => Connection {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectMongo(infraEnv().mongoUrl, isolatedNames('kit').database);
  });
  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });
  return () => connection;
}
