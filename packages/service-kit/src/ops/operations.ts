import type { Server } from 'node:http';
import type { BaseServiceConfig } from '../config';
import type { Logger } from '../logger';
import { serveMetrics, startProcessMetrics } from './metrics';

/** What a process runs for its operators beside its API: today its metrics endpoint. */
export interface Operations {
  stop: () => Promise<void>;
}

/** Names the process's metrics and serves them on METRICS_PORT when it is set. */
export async function startOperations(
  name: string,
  config: Pick<BaseServiceConfig, 'METRICS_PORT'>,
  logger: Logger,
): Promise<Operations> {
  startProcessMetrics(name);
  let server: Server | undefined;
  if (config.METRICS_PORT !== undefined) server = await serveMetrics(config.METRICS_PORT, logger);
  return {
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}
