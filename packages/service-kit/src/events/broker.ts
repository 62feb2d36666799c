import amqp, { type ChannelModel, type ConfirmChannel } from 'amqplib';
import type { EventEnvelope } from '@stockyard/contracts';
import type { Logger } from '../logger';
import { traceHeaders } from '../ops/trace-context';
import { bodyOf } from './outbox';

type Topology = (channel: ConfirmChannel) => Promise<void>;

/** The production events exchange (EVENTS_EXCHANGE's default). */
export const DEFAULT_EXCHANGE = 'stockyard.events';

/**
 * The kind of the consumers' durable queues: `quorum` (replicated by Raft across a cluster's
 * nodes, so a queue outlives the node it was declared on) or `classic` (one node's).
 */
export type QueueType = 'quorum' | 'classic';

export interface BrokerOptions {
  /** Default `classic`. A queue's type is fixed once declared: changing it means a new queue (README). */
  queueType?: QueueType;
}

/**
 * One AMQP connection with a confirm channel, re-established by itself after the
 * broker restarts or the connection drops. Whatever must exist on the broker
 * (exchanges, queues, consumers) is registered as a topology step and replayed on
 * every reconnect. Publishing while disconnected fails fast: the outbox retries.
 */
export class Broker {
  private connection?: ChannelModel;
  private channel?: ConfirmChannel;
  private readonly steps: Topology[] = [];
  private connecting?: Promise<void>;
  private closed = false;

  readonly queueType: QueueType;

  constructor(
    private readonly url: string,
    readonly exchange: string,
    private readonly logger: Logger,
    { queueType = 'classic' }: BrokerOptions = {},
  ) {
    this.queueType = queueType;
    this.steps.push((ch) => ch.assertExchange(exchange, 'topic', { durable: true }).then(() => undefined));
  }

  get connected(): boolean {
    return this.channel !== undefined;
  }

  /** Resolves once connected; keeps retrying with backoff until then. */
  start(): Promise<void> {
    this.connecting ??= this.connectLoop().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /** Adds a topology step, applied now if connected and after every reconnect. */
  async addTopology(step: Topology): Promise<void> {
    this.steps.push(step);
    if (this.channel) await step(this.channel);
  }

  /**
   * Publishes with confirms. The message carries the active trace as W3C `traceparent` (and
   * `tracestate`) headers, so its consumers continue that trace; with tracing on, the amqplib
   * instrumentation's publish span replaces them with its own.
   */
  async publish(envelope: EventEnvelope): Promise<void> {
    const channel = this.channel;
    if (!channel) throw new Error('broker not connected');
    const body = Buffer.from(bodyOf(envelope));
    await new Promise<void>((resolve, reject) => {
      channel.publish(
        this.exchange,
        envelope.name,
        body,
        {
          persistent: true,
          messageId: envelope.id,
          contentType: 'application/json',
          timestamp: Math.floor(Date.now() / 1000),
          headers: traceHeaders(),
        },
        (err) => (err ? reject(err) : resolve()),
      );
    });
  }

  /** For consumers that re-publish (retry, dead-letter) on the same confirm channel. */
  get current(): ConfirmChannel | undefined {
    return this.channel;
  }

  async check(): Promise<void> {
    if (!this.channel) throw new Error('broker not connected');
  }

  async close(): Promise<void> {
    this.closed = true;
    const { connection, channel } = this;
    this.channel = undefined;
    this.connection = undefined;
    // The channel first: its close follows the acks already sent on it, so none is lost (a
    // connection's close can overtake a channel's last frames, and the broker then
    // redelivers messages that were handled).
    await channel?.close().catch(() => undefined);
    await connection?.close().catch(() => undefined);
  }

  private async connectLoop(): Promise<void> {
    for (let attempt = 0; !this.closed; attempt++) {
      try {
        await this.connectOnce();
        if (attempt > 0) this.logger.info({ attempt }, 'broker reconnected');
        return;
      } catch (err) {
        const delay = Math.min(5000, 200 * 2 ** Math.min(attempt, 5));
        this.logger.warn({ err: (err as Error).message, attempt, delay }, 'broker connection failed; retrying');
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  }

  private async connectOnce(): Promise<void> {
    // amqplib leaves Nagle's algorithm on: a publish written right after another (a change's
    // two events) waited for the broker's delayed ACK, up to 40 ms, whenever traffic was light.
    const connection = await amqp.connect(this.url, {
      noDelay: true,
      clientProperties: { connection_name: this.exchange },
    });
    try {
      coalesceWrites(connection);
      const channel = await connection.createConfirmChannel();
      for (const step of this.steps) await step(channel);
      connection.on('error', (err: Error) => this.logger.warn({ err: err.message }, 'broker connection error'));
      connection.on('close', () => this.onLost(connection));
      channel.on('error', (err: Error) => this.logger.warn({ err: err.message }, 'broker channel error'));
      channel.on('close', () => void connection.close().catch(() => undefined));
      this.connection = connection;
      this.channel = channel;
    } catch (err) {
      await connection.close().catch(() => undefined);
      throw err;
    }
  }

  private onLost(connection: ChannelModel): void {
    if (this.connection !== connection) return;
    this.channel = undefined;
    this.connection = undefined;
    if (this.closed) return;
    this.logger.warn('broker connection lost; reconnecting');
    void this.start();
  }
}

/** amqplib's internals this reaches into (0.10): the socket and the multiplexer writing frames to it. */
interface AmqpInternals {
  connection?: { stream?: { cork?: () => void; uncork?: () => void }; muxer?: { _readIncoming?: () => void } };
}

/**
 * One socket write per turn of amqplib's multiplexer instead of one per frame chunk: the
 * multiplexer writes every channel's pending chunks in one pass (a burst's publishes, their
 * confirms' acks, a large message's header and body), and with Nagle off each became its own
 * syscall; corked around the pass, they leave as one `writev`. Skipped if amqplib's shape moved.
 */
function coalesceWrites(model: ChannelModel): void {
  const { stream, muxer } = (model as unknown as AmqpInternals).connection ?? {};
  const pass = muxer?._readIncoming;
  if (!stream?.cork || !stream.uncork || !muxer || !pass) return;
  muxer._readIncoming = function corked(this: unknown) {
    stream.cork!();
    try {
      pass.call(this);
    } finally {
      stream.uncork!();
    }
  };
}
