import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs with stable keys (service, requestId, orgId, eventId, ...). */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', '*.secret', '*.token'], remove: true },
  });
}
