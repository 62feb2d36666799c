/** The mongo driver the services use, for benchmarks that seed or read their databases straight. */
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from '@stockyard/testkit';

// mongoose is the services' dependency, not the workspace root's.
export const mongoose = createRequire(path.join(REPO_ROOT, 'services/orders/package.json'))(
  'mongoose',
) as typeof import('mongoose');

export type MongoClient = InstanceType<typeof mongoose.mongo.MongoClient>;
export type StoredDoc = Record<string, unknown>;

export const connect = (mongoUrl: string): Promise<MongoClient> => new mongoose.mongo.MongoClient(mongoUrl).connect();
