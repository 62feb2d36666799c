import type { ConsumeMessage } from 'amqplib';
import { EventEnvelopeSchema, type EventEnvelope } from '@stockyard/contracts';
import type { Connection } from 'mongoose';
import type { Logger } from '../logger';
import type { Broker } from './broker';

export interface ConsumerOptions {
  /** Durable queue name, e.g. `webhooks.dispatcher`. */
  queue: string;
  /** Routing-key patterns on the events exchange (`#` for all). */
  bindings: string[];
  handler: (event: EventEnvelope) => Promise<void>;
  /** Attempts before the message is dead-lettered (default 5). */
  maxAttempts?: number;
  /** Delay before a failed message is tried again (default 2 s). */
  retryDelayMs?: number;
  prefetch?: number;
}

const ATTEMPT_HEADER = 'x-stockyard-attempt';

/**
 * Consumes events with manual acks, only after the handler's work is durable.
 * Deduplicates on the event id (a `processed_events` record written after success;
 * handlers must still be idempotent for the crash between their work and that record).
 * A failing message goes to `<queue>.retry`, which dead-letters it back after a delay;
 * after maxAttempts, or if it is not an event at all, it is parked on `<queue>.dlq`.
 */
export async function startConsumer(broker: Broker, connection: Connection, logger: Logger, options: ConsumerOptions): Promise<void> {
  const { queue, bindings, handler, maxAttempts = 5, retryDelayMs = 2000, prefetch = 16 } = options;
  const processed = connection.collection<{ _id: string; at: Date }>('processed_events');

  await broker.addTopology(async (channel) => {
    await channel.assertQueue(queue, { durable: true });
    await channel.assertQueue(`${queue}.retry`, {
      durable: true,
      arguments: { 'x-message-ttl': retryDelayMs, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queue },
    });
    await channel.assertQueue(`${queue}.dlq`, { durable: true });
    for (const pattern of bindings) await channel.bindQueue(queue, broker.exchange, pattern);
    await channel.prefetch(prefetch);

    const republish = (target: string, msg: ConsumeMessage, headers: Record<string, unknown>) =>
      new Promise<void>((resolve, reject) =>
        channel.sendToQueue(target, msg.content, { ...msg.properties, persistent: true, headers: { ...msg.properties.headers, ...headers } }, (err) =>
          err ? reject(err) : resolve(),
        ),
      );

    await channel.consume(queue, (msg) => {
      if (!msg) return;
      void handle(msg).catch((err) => logger.error({ err, queue }, 'consumer failed to settle a message'));
    });

    async function handle(msg: ConsumeMessage): Promise<void> {
      const attempt = Number(msg.properties.headers?.[ATTEMPT_HEADER] ?? 1);
      let event: EventEnvelope;
      try {
        event = EventEnvelopeSchema.parse(JSON.parse(msg.content.toString('utf8')));
      } catch (err) {
        logger.error({ queue, messageId: msg.properties.messageId }, 'not an event; dead-lettered');
        await republish(`${queue}.dlq`, msg, { 'x-stockyard-error': String((err as Error).message).slice(0, 500) });
        return channel.ack(msg);
      }
      const key = `${queue}:${event.id}`;
      try {
        if (!(await processed.findOne({ _id: key }))) {
          await handler(event);
          await processed.updateOne({ _id: key }, { $setOnInsert: { at: new Date() } }, { upsert: true });
        }
        channel.ack(msg);
      } catch (err) {
        const log = { queue, eventId: event.id, event: event.name, orgId: event.orgId, attempt, err: (err as Error).message };
        if (attempt >= maxAttempts) {
          logger.error(log, 'event handling failed for good; dead-lettered');
          await republish(`${queue}.dlq`, msg, { [ATTEMPT_HEADER]: attempt, 'x-stockyard-error': log.err.slice(0, 500) });
        } else {
          logger.warn(log, 'event handling failed; will retry');
          await republish(`${queue}.retry`, msg, { [ATTEMPT_HEADER]: attempt + 1 });
        }
        channel.ack(msg);
      }
    }
  });
}
