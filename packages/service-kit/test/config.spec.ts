import { z } from 'zod';
import { baseServiceEnv, ConfigError, parseConfig } from '../src/config';

const valid = {
  PORT: '3000',
  MONGO_URL: 'mongodb://127.0.0.1:27017',
  MONGO_DB: 'inventory',
  AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
  IDENTITY_SECRET: 'x'.repeat(32),
};

const without = (name: keyof typeof valid) => {
  const env: Record<string, string> = { ...valid };
  delete env[name];
  return env;
};

/** The message parseConfig throws for env, or a failure if it does not throw. */
function problemsOf(env: NodeJS.ProcessEnv): string {
  try {
    parseConfig(baseServiceEnv, env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('parseConfig accepted an invalid environment');
}

describe('parseConfig', () => {
  it('names a missing variable as required', () => {
    expect(problemsOf(without('MONGO_URL'))).toContain('  MONGO_URL: is required');
  });

  it('names a malformed variable with the reason, not as missing', () => {
    const message = problemsOf({ ...valid, MONGO_URL: 'postgres://db:5432' });
    expect(message).toContain('  MONGO_URL: must be a mongodb:// URL');
    expect(message).not.toContain('is required');
  });

  it('reports a non-numeric PORT as malformed, not missing', () => {
    const message = problemsOf({ ...valid, PORT: 'eighty' });
    expect(message).toMatch(/ {2}PORT: \S/);
    expect(message).not.toContain('PORT: is required');
  });

  it('names every problem at once', () => {
    const message = problemsOf({ ...without('AMQP_URL'), IDENTITY_SECRET: 'short' });
    expect(message.split('\n')).toEqual(
      expect.arrayContaining(['  AMQP_URL: is required', '  IDENTITY_SECRET: must be at least 32 characters']),
    );
  });

  it('applies the defaults and coerces PORT to a number', () => {
    expect(parseConfig(baseServiceEnv, valid)).toEqual({
      ...valid,
      PORT: 3000,
      EVENTS_EXCHANGE: 'stockyard.events',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      OUTBOX_INTERVAL_MS: 1000,
      OUTBOX_FOLD_MS: 5000,
      OUTBOX_EAGER: true,
      SHUTDOWN_DELAY_MS: 0,
      QUEUE_TYPE: 'classic',
    });
  });

  it('reads METRICS_PORT as a port and QUEUE_TYPE as quorum or classic', () => {
    const config = parseConfig(baseServiceEnv, { ...valid, METRICS_PORT: '9464', QUEUE_TYPE: 'quorum' });
    expect(config).toMatchObject({ METRICS_PORT: 9464, QUEUE_TYPE: 'quorum' });
    expect(problemsOf({ ...valid, METRICS_PORT: 'nine' })).toMatch(/ {2}METRICS_PORT: \S/);
    expect(problemsOf({ ...valid, LOG_FORMAT: 'fancy' })).toMatch(/ {2}LOG_FORMAT: \S/);
    expect(problemsOf({ ...valid, QUEUE_TYPE: 'stream' })).toMatch(/ {2}QUEUE_TYPE: \S/);
  });

  it('parses OUTBOX_EAGER "false" as false and "true" as true', () => {
    expect(parseConfig(baseServiceEnv, { ...valid, OUTBOX_EAGER: 'false' }).OUTBOX_EAGER).toBe(false);
    expect(parseConfig(baseServiceEnv, { ...valid, OUTBOX_EAGER: 'true' }).OUTBOX_EAGER).toBe(true);
  });

  it('rejects an OUTBOX_EAGER that is neither "true" nor "false"', () => {
    expect(problemsOf({ ...valid, OUTBOX_EAGER: 'yes' })).toMatch(/ {2}OUTBOX_EAGER: \S/);
  });

  it('names a missing variable of a service schema that extends the base', () => {
    const schema = baseServiceEnv.extend({ WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive() });
    expect(() => parseConfig(schema, valid)).toThrow('WEBHOOK_TIMEOUT_MS: is required');
  });
});
