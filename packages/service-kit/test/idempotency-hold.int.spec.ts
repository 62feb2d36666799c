import express from 'express';
import type { Connection } from 'mongoose';
import { asCaller, infraEnv, isolatedNames, listen, TEST_IDENTITY_SECRET } from '@stockyard/testkit';
import { connectMongo, createLogger } from '../ops';
import { errorHandler } from '../src/http/error-handler';
import { requireIdentity } from '../src/http/context';
import { idempotency } from '../src/http/idempotency';
import { jsonBody } from '../src/http/json-body';

/**
 * A running request renews its key's lock, so a run longer than the lock keeps its key; the
 * lock is short so that a process that died frees its keys soon (the kit holds 15 s, renewed
 * every 5 s; this test 400 ms, renewed every 100 ms).
 */
let connection: Connection;
let http: Awaited<ReturnType<typeof listen>>;
let runs = 0;
let finish: () => void = () => undefined;

beforeAll(async () => {
  connection = await connectMongo(infraEnv().mongoUrl, isolatedNames('idempotency-hold').database);
  const app = express();
  app.use(requireIdentity(TEST_IDENTITY_SECRET), ...jsonBody());
  app.use(idempotency(connection, { lockMs: 400, renewEveryMs: 100 }));
  app.post('/slow', async (_req, res) => {
    const run = ++runs;
    if (run === 1) await new Promise<void>((resolve) => (finish = resolve)); // only the first run is slow
    res.status(201).json({ run });
  });
  app.use(errorHandler(createLogger('test', 'silent')));
  http = await listen(app);
});

afterAll(async () => {
  finish();
  await http?.close();
  await connection?.dropDatabase();
  await connection?.close();
});

const post = (key: string) =>
  fetch(`${http.url}/slow`, { method: 'POST', headers: { ...asCaller('org_a'), 'idempotency-key': key }, body: '{}' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('keeps the key of a request running three times longer than its lock: a retry waits (409)', async () => {
  const first = post('long-run');
  await sleep(1_200);
  const retry = await post('long-run');
  expect(retry.status).toBe(409);
  expect(((await retry.json()) as { error: { code: string } }).error.code).toBe('idempotency_in_progress');
  finish();
  expect((await first).status).toBe(201);
  const replay = await post('long-run');
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(runs).toBe(1);
});
