// The broker under the outbox relay and subscriptions.
export { Broker, type BrokerOptions, type QueueType } from './src/events/broker';
export { outboxOf } from './src/events/outbox';
export type { Consumer } from './src/events/consumer';
export { subscribe, type Subscription, type AnySubscription } from './src/events/subscription';
