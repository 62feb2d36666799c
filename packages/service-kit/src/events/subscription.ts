import { parseEvent, type KnownEventName, type TypedEvent } from '@stockyard/contracts';
import type { Connection } from 'mongoose';
import { asSystem } from '../audit/audit-scope';
import type { Logger } from '../logger';
import type { Broker } from './broker';
import { startConsumer, type Consumer, type ConsumerOptions, type EventCopy } from './consumer';

/**
 * A consumer of named events whose handler receives each one parsed by its contracts
 * schema. A payload that does not match is retried, then parked on the dead-letter queue.
 */
export interface Subscription<N extends KnownEventName> extends Omit<
  ConsumerOptions,
  'bindings' | 'handler' | 'relevant'
> {
  events: readonly N[];
  handler: (event: TypedEvent<N>, copy: EventCopy) => Promise<void>;
  /** Whether the handler has anything to do for the event (ConsumerOptions.relevant), on the parsed event. */
  relevant?: (event: TypedEvent<N>) => boolean | Promise<boolean>;
}

/** Declares a subscription (keeps `N` inferred from `events`). */
export const subscription = <N extends KnownEventName>(s: Subscription<N>): Subscription<N> => s;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of subscriptions to different events
export type AnySubscription = Subscription<any>;

export function subscribe<N extends KnownEventName>(
  broker: Broker,
  connection: Connection,
  logger: Logger,
  { events, handler, relevant, ...options }: Subscription<N>,
): Promise<Consumer> {
  return startConsumer(broker, connection, logger, {
    ...options,
    ...(relevant ? { relevant: (event) => relevant(parseEvent(event, events)) } : {}),
    bindings: [...events],
    // Its changes are the system's, named by the queue (`purchasing.invoices`).
    handler: (event, copy) => asSystem(options.queue, () => handler(parseEvent(event, events), copy)),
  });
}
