import type { Redis } from 'ioredis';
import type { Logger } from '@stockyard/service-kit';

/**
 * Tells every gateway replica at once that a key was revoked (Redis pub/sub). Best
 * effort by design: a replica that misses the message (Redis down, reconnecting)
 * still re-reads each cached key record every second, which bounds revocation.
 */
export class RevocationBus {
  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly logger: Logger,
  ) {}

  start(onRevoked: (keyId: string) => void): void {
    this.subscriber.on('message', (channel: string, keyId: string) => {
      if (channel === this.channel) onRevoked(keyId);
    });
    // Subscribe on every (re)connect rather than once, so an outage at start-up heals.
    const subscribe = () =>
      this.subscriber
        .subscribe(this.channel)
        .catch((err: Error) => this.logger.warn({ err: err.message }, 'revocation subscribe failed'));
    this.subscriber.on('ready', () => void subscribe());
    if (this.subscriber.status === 'ready') void subscribe();
  }

  async publish(keyId: string): Promise<void> {
    try {
      await this.publisher.publish(this.channel, keyId);
    } catch (err) {
      this.logger.warn(
        { keyId, err: (err as Error).message },
        'revocation broadcast failed; replicas rely on the 1 s record refresh',
      );
    }
  }
}
