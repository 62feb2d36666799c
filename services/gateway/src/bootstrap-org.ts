/**
 * Creates an organization and its first ADMIN key, and prints the key once.
 * Usage: tsx src/bootstrap-org.ts [organization name]
 * Env: MONGO_URL, MONGO_DB (the gateway's database).
 */
import { z } from 'zod';
import { baseServiceEnv } from '@stockyard/service-kit';
import { connectMongo, parseConfig, runMain } from '@stockyard/service-kit/ops';
import { apiKeyModel, organizationModel } from './store/api-key.model';
import { ApiKeyRepository } from './store/api-key.repository';

const env = baseServiceEnv.pick({ MONGO_URL: true, MONGO_DB: true });

runMain(async () => {
  const { MONGO_URL, MONGO_DB } = parseConfig(env);
  const name = z
    .string()
    .min(1)
    .parse(process.argv[2] ?? 'Stockyard local');
  const connection = await connectMongo(MONGO_URL, MONGO_DB);
  const keys = new ApiKeyRepository(apiKeyModel(connection), organizationModel(connection));
  const orgId = await keys.createOrganization(name);
  const key = await keys.create({ orgId, type: 'admin', name: 'Bootstrap admin key', role: 'ADMIN' });
  await connection.close();
  process.stdout.write(`ORG_ID=${orgId}\nADMIN_KEY=${key.token}\n`);
});
