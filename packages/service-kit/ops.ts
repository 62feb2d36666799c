// A process's operation: its config and logger, metrics, probes, tracing, serving and its database connection.
export { loadConfig, parseConfig, type BaseServiceConfig } from './src/config';
export { createLogger } from './src/logger';
export { runMain, serve, type ServeOptions } from './src/lifecycle';
export { probeRoutes, processState, type ProbeChecks, type ReadinessCheck } from './src/ops/probes';
export { counter, gauge, histogram, metricsRegistry, serveMetrics, startProcessMetrics } from './src/ops/metrics';
export { httpMetrics, nameRoute, observeRequest } from './src/ops/http-metrics';
export { startOperations, type Operations } from './src/ops/operations';
export { stopTracing } from './src/ops/tracing';
export { currentTraceparent, inTraceOf, SpanKind, SpanStatusCode, withSpan, type Span } from './src/ops/trace-context';
export { connectMongo, pingMongo } from './src/db/mongo';
