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
