// What a service's `src/instrument.ts` imports: tracing must start before express, mongodb,
// amqplib and ioredis are loaded, so this entry loads none of them (the kit's index does).
export { startTracing, tracingWanted, type TracingOptions } from './src/ops/tracing';
