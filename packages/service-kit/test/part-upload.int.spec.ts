import { GetObjectCommand, ListMultipartUploadsCommand, type S3Client } from '@aws-sdk/client-s3';
import { infraEnv, isolatedNames, s3Client, removeBucket } from '@stockyard/testkit';
import { ObjectBucket } from '../objects';
import { createLogger } from '../src/logger';

const MB = 1024 * 1024;
const bucketName = isolatedNames('kit').bucket;
let s3: S3Client;
let bucket: ObjectBucket;

const settings = (url: string) => {
  const env = infraEnv();
  return {
    S3_URL: url,
    S3_BUCKET: bucketName,
    S3_ACCESS_KEY_ID: env.s3AccessKeyId,
    S3_SECRET_ACCESS_KEY: env.s3SecretAccessKey,
    S3_REGION: env.s3Region,
  };
};

beforeAll(() => {
  s3 = s3Client();
  bucket = new ObjectBucket(settings(infraEnv().s3Url), 'test files', createLogger('test', 'silent'));
});

afterAll(async () => {
  bucket.stop();
  await removeBucket(s3, bucketName);
  s3.destroy();
});

const stored = async (key: string) => {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucketName, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
};

/** Texts of varied lengths, multi-byte characters among them, so parts end inside texts and characters. */
const texts = (total: number) => {
  const out: string[] = [];
  for (let size = 0, i = 0; size < total; i++) {
    const text = `${i},ünïcödé ✓ 🚀,${'x'.repeat((i * 7919) % 40_000)}\r\n`;
    out.push(text);
    size += Buffer.byteLength(text);
  }
  return out;
};

it('stores texts written across several parts byte for byte, and answers the bytes stored', async () => {
  const parts = texts(12 * MB);
  const file = bucket.partUpload('many-parts.csv', 'text/csv');
  for (const text of parts) await file.write(text);
  const expected = Buffer.from(parts.join(''));
  expect(await file.finish()).toBe(expected.length);
  expect((await stored('many-parts.csv')).equals(expected)).toBe(true);
});

it('stores a text longer than a part, and exactly one part', async () => {
  const long = 'é'.repeat(6 * MB); // 12 MB of two-byte characters in one write
  const file = bucket.partUpload('long.txt', 'text/plain');
  await file.write(long);
  await file.finish();
  expect((await stored('long.txt')).toString()).toBe(long);

  const exact = bucket.partUpload('exact.txt', 'text/plain');
  await exact.write('a'.repeat(5 * MB));
  expect(await exact.finish()).toBe(5 * MB);
  expect((await stored('exact.txt')).length).toBe(5 * MB);
});

it('stores a small object and an empty one in one PUT each', async () => {
  const file = bucket.partUpload('small.ndjson', 'application/x-ndjson');
  await file.write('{"a":1}\n');
  await file.write('');
  await file.write('{"a":2}\n');
  expect(await file.finish()).toBe(16);
  expect((await stored('small.ndjson')).toString()).toBe('{"a":1}\n{"a":2}\n');

  const empty = bucket.partUpload('empty.csv', 'text/csv');
  expect(await empty.finish()).toBe(0);
  expect((await stored('empty.csv')).length).toBe(0);
});

it('leaves no object and no open upload when aborted after parts were sent, and refuses more text', async () => {
  const file = bucket.partUpload('aborted.csv', 'text/csv');
  for (const text of texts(11 * MB)) await file.write(text);
  await file.abort();
  expect(await bucket.sizeOf('aborted.csv')).toBeUndefined();
  const open = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucketName, Prefix: 'aborted.csv' }));
  expect(open.Uploads ?? []).toEqual([]);
  await expect(file.write('more')).rejects.toThrow('aborted');
});

it('answers an S3 server that is away with the bucket 503, dependency_unavailable', async () => {
  const away = new ObjectBucket(settings('http://127.0.0.1:9'), 'test files', createLogger('test', 'silent'));
  try {
    const file = away.partUpload('never.csv', 'text/csv');
    await file.write('id\r\n');
    await expect(file.finish()).rejects.toMatchObject({ code: 'dependency_unavailable', status: 503 });
  } finally {
    away.stop();
  }
});
