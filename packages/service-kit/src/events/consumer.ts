import type { ConfirmChannel, ConsumeMessage } from 'amqplib';
import { EventEnvelopeSchema, type EventEnvelope } from '@stockyard/contracts';
import type { Connection } from 'mongoose';
import type { Logger } from '../logger';
import { documentLocks } from '../db/document-lock';
import { isDuplicateKeyError } from '../db/mongo';
import { occasionalSweep } from '../db/sweep';
import { DEFAULT_EXCHANGE, type Broker, type QueueType } from './broker';
import { recordDelivery, type DeliveryOutcome } from './consumer-metrics';

export interface ConsumerOptions {
  /** Logical queue name, e.g. `webhooks.dispatcher` (see queueName). */
  queue: string;
  /** Routing-key patterns on the events exchange (`#` for all). */
  bindings: string[];
  handler: (event: EventEnvelope, copy: EventCopy) => Promise<void>;
  /** Attempts before the message is dead-lettered (default 5). */
  maxAttempts?: number;
  /** Delay before a failed message is tried again (default 2 s). */
  retryDelayMs?: number;
  prefetch?: number;
  /**
   * Whether the consumer dedupes copies of an event with a `processed_events` record
   * (default true). False for a handler that tells copies apart itself (the webhooks
   * dispatcher: its deliveries' ids derive from the event id).
   */
  dedupe?: boolean;
  /**
   * Whether the handler has anything to do for this event (default: always). An event it has
   * nothing for is acked at once, without the dedupe record's read and write: a subscription to a
   * busy event that acts on few of them (stock that rose, for holds that wait for it). A check may
   * read, and must be true for any event the handler would act on.
   */
  relevant?: (event: EventEnvelope) => boolean | Promise<boolean>;
}

export interface Consumer {
  /** The actual queue name on the broker. */
  readonly queue: string;
  /** The queue and its retry and dead-letter queues, for operators and test clean-up. */
  readonly queues: readonly string[];
  /** Stops taking messages and waits for the ones in hand to settle. */
  stop(): Promise<void>;
}

const ATTEMPT_HEADER = 'x-stockyard-attempt';

/**
 * How often a message may come back to a quorum queue undone before the queue parks it on the
 * dead-letter queue: a message that kills its consumer each time (no handler failure to count)
 * must not loop forever. Failures the handler reports go through the retry queue and count in
 * ATTEMPT_HEADER instead.
 */
const POISON_RETURNS = 20;

/**
 * The arguments that make a consumer's three queues quorum queues: the main one parks a poison
 * message after POISON_RETURNS, and the retry queue dead-letters back at least once (its
 * messages are not dropped if the main queue cannot take them at that moment).
 */
function queueArguments(type: QueueType, queue: string) {
  if (type === 'classic') return { main: {}, retry: {}, parked: {} };
  const quorum = { 'x-queue-type': 'quorum' };
  return {
    main: {
      ...quorum,
      'x-delivery-limit': POISON_RETURNS,
      'x-dead-letter-exchange': '',
      'x-dead-letter-routing-key': `${queue}.dlq`,
    },
    retry: { ...quorum, 'x-overflow': 'reject-publish', 'x-dead-letter-strategy': 'at-least-once' },
    parked: quorum,
  };
}
const PROCESSED_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Queues are namespaced by their exchange, except on the production exchange: one
 * durable queue bound to two exchanges (two test stacks) would mix their events.
 */
const queueName = (exchange: string, name: string) => (exchange === DEFAULT_EXCHANGE ? name : `${exchange}.${name}`);

/**
 * Consumes events with manual acks, only after the handler's work is durable.
 * Deduplicates on the event id: a `processed_events` record is written after success,
 * and copies arriving together are handled one after the other, so the second sees
 * the first's record. Handlers must still be idempotent for a crash between their work
 * and that record, and for replicas. A failing message goes to `<queue>.retry.<ms>`,
 * which dead-letters it back after the delay; after maxAttempts, or if it is not an
 * event at all, it is parked on `<queue>.dlq`.
 */
/** What the consumer knows about this copy of an event. */
export interface EventCopy {
  /**
   * True when an earlier run may have done part of the work: RabbitMQ redelivered the
   * message (a consumer died holding it) or it came back from the retry queue. A handler
   * that dedupes itself (`dedupe: false`) can skip its costlier checks when false.
   */
  maybeSeenBefore: boolean;
}

export async function startConsumer(
  broker: Broker,
  connection: Connection,
  logger: Logger,
  options: ConsumerOptions,
): Promise<Consumer> {
  const { bindings, handler, maxAttempts = 5, retryDelayMs = 2000, prefetch = 16, dedupe = true } = options;
  const queue = queueName(broker.exchange, options.queue);
  // The delay is part of the name: RabbitMQ refuses to redeclare a queue with another TTL.
  const retryQueue = `${queue}.retry.${retryDelayMs}`;
  const processed = connection.collection<{ _id: string; at: Date }>('processed_events');
  const sweep = occasionalSweep(processed as never, 'at', PROCESSED_TTL_MS);
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let current: { channel: ConfirmChannel; tag: string } | undefined;

  // Queues of an isolated exchange (tests, a developer's stack) go away after 30 idle
  // minutes, so they never pile up on a shared broker; production queues never expire.
  const expiry = broker.exchange === DEFAULT_EXCHANGE ? {} : { 'x-expires': 30 * 60_000 };

  const kinds = queueArguments(broker.queueType, queue);

  await broker.addTopology(async (channel) => {
    if (stopped) return;
    await channel.assertQueue(queue, { durable: true, arguments: { ...expiry, ...kinds.main } });
    await channel.assertQueue(retryQueue, {
      durable: true,
      arguments: {
        ...expiry,
        ...kinds.retry,
        'x-message-ttl': retryDelayMs,
        'x-dead-letter-exchange': '',
        'x-dead-letter-routing-key': queue,
      },
    });
    await channel.assertQueue(`${queue}.dlq`, { durable: true, arguments: { ...expiry, ...kinds.parked } });
    for (const pattern of bindings) await channel.bindQueue(queue, broker.exchange, pattern);
    await channel.prefetch(prefetch);
    const { consumerTag } = await channel.consume(queue, (msg) => {
      if (!msg) return;
      const work = settle(channel, msg)
        .catch((err) => logger.error({ err, queue }, 'consumer failed to settle a message'))
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
    });
    current = { channel, tag: consumerTag };
  });

  const republish = (channel: ConfirmChannel, target: string, msg: ConsumeMessage, headers: Record<string, unknown>) =>
    new Promise<void>((resolve, reject) =>
      channel.sendToQueue(
        target,
        msg.content,
        { ...msg.properties, persistent: true, headers: { ...msg.properties.headers, ...headers } },
        (err) => (err ? reject(err) : resolve()),
      ),
    );

  async function settle(channel: ConfirmChannel, msg: ConsumeMessage): Promise<void> {
    const started = process.hrtime.bigint();
    const attempt = Number(msg.properties.headers?.[ATTEMPT_HEADER] ?? 1);
    const seenBefore = msg.fields.redelivered || attempt > 1;
    const outcome = await handle(channel, msg, attempt, seenBefore);
    recordDelivery(options.queue, outcome, seenBefore, Number(process.hrtime.bigint() - started) / 1e9);
  }

  async function handle(
    channel: ConfirmChannel,
    msg: ConsumeMessage,
    attempt: number,
    seenBefore: boolean,
  ): Promise<DeliveryOutcome> {
    let event: EventEnvelope;
    try {
      event = EventEnvelopeSchema.parse(JSON.parse(msg.content.toString('utf8')));
    } catch (err) {
      logger.error({ queue, messageId: msg.properties.messageId }, 'not an event; dead-lettered');
      await republish(channel, `${queue}.dlq`, msg, {
        'x-stockyard-error': String((err as Error).message).slice(0, 500),
      });
      channel.ack(msg);
      return 'dead_lettered';
    }
    const key = `${queue}:${event.id}`;
    try {
      const copy = { maybeSeenBefore: seenBefore };
      let outcome: DeliveryOutcome = 'handled';
      if (options.relevant && !(await options.relevant(event))) outcome = 'skipped';
      else if (!dedupe) await handler(event, copy);
      else {
        await documentLocks.run(`processed_events/${key}`, async () => {
          if (await processed.findOne({ _id: key })) return void (outcome = 'duplicate');
          await handler(event, copy);
          // An insert, not an upsert: FerretDB scans the collection for every update.
          await processed.insertOne({ _id: key, at: new Date() }).catch((err: unknown) => {
            if (!isDuplicateKeyError(err)) throw err;
          });
        });
        sweep();
      }
      channel.ack(msg);
      return outcome;
    } catch (err) {
      const log = {
        queue,
        eventId: event.id,
        event: event.name,
        orgId: event.orgId,
        attempt,
        err: (err as Error).message,
      };
      if (attempt >= maxAttempts) {
        logger.error(log, 'event handling failed for good; dead-lettered');
        await republish(channel, `${queue}.dlq`, msg, {
          [ATTEMPT_HEADER]: attempt,
          'x-stockyard-error': log.err.slice(0, 500),
        });
      } else {
        logger.warn(log, 'event handling failed; will retry');
        await republish(channel, retryQueue, msg, { [ATTEMPT_HEADER]: attempt + 1 });
      }
      channel.ack(msg);
      return attempt >= maxAttempts ? 'dead_lettered' : 'retried';
    }
  }

  return {
    queue,
    queues: [queue, retryQueue, `${queue}.dlq`],
    async stop() {
      stopped = true;
      if (current) await current.channel.cancel(current.tag).catch(() => undefined);
      await Promise.all([...inFlight]);
    },
  };
}
