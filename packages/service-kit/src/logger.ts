import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { activeTraceIds } from './ops/trace-context';

export type { Logger };

/**
 * Structured JSON logs with stable keys (service, requestId, orgId, eventId, ...), and the
 * active trace's `traceId` and `spanId` on every line written inside one. `LOG_FORMAT=pretty`
 * (what `npm start` and `npm run dev` set) prints them for a person instead, through
 * pino-pretty, a development dependency: images never have it and always log JSON.
 */
export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  format = process.env.LOG_FORMAT,
  /** Where JSON lines go (stdout by default). */
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', '*.secret', '*.token'], remove: true },
    mixin: activeTraceIds,
  };
  if (format === 'pretty' && prettyAvailable()) {
    return pino({ ...options, transport: { target: PRETTY, options: { ignore: 'pid,hostname' } } });
  }
  return destination ? pino(options, destination) : pino(options);
}

/** Resolved by name at run time (pino loads it in a worker): images leave it out on purpose. */
const PRETTY: string = 'pino-pretty';

function prettyAvailable(): boolean {
  try {
    require.resolve(PRETTY);
    return true;
  } catch {
    return false;
  }
}
