import { Redis } from 'ioredis';
import type { Logger } from '@stockyard/service-kit';

/**
 * A Redis connection that never makes a request wait for Redis: no offline queue (a
 * command fails at once while disconnected), a short command timeout, and endless
 * background reconnects. The subscriber connection keeps its queue for SUBSCRIBE.
 */
export function connectRedis(
  url: string,
  logger: Logger,
  role: 'commands' | 'subscriber',
  /** A command's budget on the commands connection (a test on a busy machine may give more). */
  commandTimeoutMs = 250,
): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: role === 'subscriber',
    commandTimeout: role === 'commands' ? commandTimeoutMs : undefined,
    maxRetriesPerRequest: role === 'commands' ? 0 : null,
    autoResubscribe: false,
    // Rate-limit increments of concurrent requests leave in one write instead of one each.
    enableAutoPipelining: role === 'commands',
    connectTimeout: 1000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let lastWarning = 0;
  redis.on('error', (err: Error) => {
    // Reconnect attempts fail every couple of seconds while Redis is down: warn sparsely.
    if (Date.now() - lastWarning < 30_000) return;
    lastWarning = Date.now();
    logger.warn({ role, err: err.message }, 'redis unavailable');
  });
  return redis;
}
