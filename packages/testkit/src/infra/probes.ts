import net from 'node:net';
import { ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import mongoose from 'mongoose';
import * as amqp from 'amqplib';
import { Redis } from 'ioredis';
import { withTimeout } from './wait';

/** Resolves when the server at `url` answers a MongoDB `ping` command; throws otherwise. */
export async function pingMongo(url: string, timeoutMs = 3000): Promise<void> {
  const client = new mongoose.mongo.MongoClient(url, {
    serverSelectionTimeoutMS: timeoutMs,
    connectTimeoutMS: timeoutMs,
  });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** Resolves when an AMQP connection to `url` opens (handshake and login included). */
export async function openAmqp(url: string, timeoutMs = 5000): Promise<void> {
  const closeQuietly = (conn: amqp.ChannelModel) => void conn.close().catch(() => undefined);
  const conn = await withTimeout(amqp.connect(url, { timeout: timeoutMs }), timeoutMs, 'AMQP connection', closeQuietly);
  // A broker that is still booting can accept the connection and then close it.
  conn.on('error', () => undefined);
  await conn.close();
}

/** Resolves when the Redis server at `url` answers PING with PONG. */
export async function pingRedis(url: string, timeoutMs = 2000): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    const pong = await withTimeout(redis.ping(), timeoutMs, 'Redis PING');
    if (pong !== 'PONG') throw new Error(`unexpected PING reply ${JSON.stringify(pong)}`);
  } finally {
    redis.disconnect();
  }
}

// @aws-sdk/client-s3 is pinned (packages/testkit/package.json): releases after early January 2027
// need Node 22. Its warning saying so, on every process that makes a client, is left out.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Where an S3-compatible server is and how to sign requests to it. */
export interface S3Access {
  s3Url: string;
  s3AccessKeyId: string;
  s3SecretAccessKey: string;
  s3Region: string;
}

/** An S3 client for `access`: path-style addressing (`<url>/<bucket>/<key>`), as local servers need. */
export function s3ClientFor(access: S3Access, timeoutMs?: number): S3Client {
  return new S3Client({
    endpoint: access.s3Url,
    region: access.s3Region,
    credentials: { accessKeyId: access.s3AccessKeyId, secretAccessKey: access.s3SecretAccessKey },
    forcePathStyle: true,
    maxAttempts: timeoutMs === undefined ? undefined : 1,
    requestHandler: timeoutMs === undefined ? undefined : { requestTimeout: timeoutMs, connectionTimeout: timeoutMs },
  });
}

/** Resolves when the S3 server answers a signed ListBuckets with these keys (a wrong key is an error too). */
export async function listS3Buckets(access: S3Access, timeoutMs = 3000): Promise<void> {
  const client = s3ClientFor(access, timeoutMs);
  try {
    await withTimeout(client.send(new ListBucketsCommand({})), timeoutMs, 'S3 ListBuckets');
  } finally {
    client.destroy();
  }
}

/** Resolves when an SMTP server at `smtp://host:port` greets with 220. */
export function smtpGreets(url: string, timeoutMs = 3000): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port || 25) });
    let received = '';
    const done = (err?: Error) => {
      socket.destroy();
      if (err) reject(err);
      else resolve();
    };
    socket.setTimeout(timeoutMs, () => done(new Error(`no SMTP greeting from ${url} within ${timeoutMs} ms`)));
    socket.once('error', (err) => done(err));
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (!received.includes('\n')) return;
      if (received.startsWith('220')) {
        socket.end('QUIT\r\n');
        done();
      } else done(new Error(`${url} greets with ${JSON.stringify(received.trim())}, not 220`));
    });
  });
}

/** Resolves when Mailpit's HTTP API at `url` answers `GET /api/v1/info` with its version. */
export async function mailpitInfo(url: string, timeoutMs = 3000): Promise<{ Version: string }> {
  const res = await fetch(new URL('api/v1/info', url.endsWith('/') ? url : `${url}/`), {
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (res.status !== 200) throw new Error(`GET ${url}/api/v1/info answered ${res.status}`);
  const info = (await res.json()) as { Version?: unknown };
  if (typeof info.Version !== 'string') throw new Error(`${url}/api/v1/info is not Mailpit's (no Version)`);
  return { Version: info.Version };
}
