import type { RequestListener, Server } from 'node:http';
import { createHttpServer } from './http/client-errors';
import type { Logger } from './logger';
import { processState } from './ops/probes';

/** Stops one part; may answer a promise, awaited before the next closer runs. */
type Closer = () => unknown;

export interface ServeOptions {
  /** How long in-flight requests may take to finish once the listener closes. */
  graceMs?: number;
  /** How long to keep serving, not ready, after SIGTERM before the listener closes (SHUTDOWN_DELAY_MS). */
  delayMs?: number;
  /** Headers (flat name, value list) on the answers written before there is a request. */
  answerHeaders?: readonly string[];
}

/**
 * Listens (request line and headers at most MAX_HEADER_BYTES; what Node refuses before there
 * is a request is answered with the error envelope: http/client-errors.ts), and on
 * SIGTERM/SIGINT turns `/readyz` to 503 at once, keeps serving for `delayMs` (while an
 * orchestrator drops it from its endpoints), then stops accepting connections, lets in-flight
 * requests finish, and runs the closers in order (relays, consumers, broker, database).
 */
export function serve(
  app: RequestListener,
  port: number,
  logger: Logger,
  closers: Closer[],
  { graceMs = 10_000, delayMs = 0, answerHeaders = [] }: ServeOptions = {},
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createHttpServer(app, logger, answerHeaders).listen(port, '0.0.0.0');
    server.keepAliveTimeout = 65_000; // longer than the gateway's pooled sockets idle for
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address();
      logger.info({ port: typeof address === 'object' && address ? address.port : port }, 'listening');
      resolve(server);
    });

    let stopping = false;
    // While stopping, answer what is in flight but tell keep-alive clients to go away: before
    // the app's listener, which may answer at once (a probe), after which no header can be set.
    server.prependListener('request', (_req, res) => {
      if (stopping) res.setHeader('Connection', 'close');
    });
    const drain = () => {
      const force = setTimeout(() => {
        logger.error('graceful shutdown timed out; exiting');
        process.exit(1);
      }, graceMs);
      force.unref();
      // Sockets that go idle after close() would hold it open until their keep-alive ends.
      const reaper = setInterval(() => server.closeIdleConnections(), 50);
      server.close(() => {
        clearInterval(reaper);
        void closeAll(closers, logger).then(() => {
          logger.info('stopped');
          process.exit(0);
        });
      });
      server.closeIdleConnections();
    };
    const shutdown = (signal: string) => {
      if (stopping) return;
      stopping = true;
      processState.draining = true;
      logger.info({ signal, delayMs }, 'shutting down');
      if (delayMs > 0) setTimeout(drain, delayMs);
      else drain();
    };
    // `on`, not `once`: a second signal during the drain (Ctrl-C in a terminal and a stop of a
    // process group each signal every process twice) must change nothing, not kill it hard.
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    process.on('SIGINT', () => shutdown('SIGINT'));
  });
}

/** Runs the closers in order; one that fails is logged and the next still runs (never rejects). */
async function closeAll(closers: Closer[], logger: Logger): Promise<void> {
  for (const close of closers) {
    try {
      await close();
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'error while closing');
    }
  }
}

/** Runs a service's main; a start-up failure is logged and stops the process. */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((err: unknown) => {
    process.stderr.write(`fatal: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
