import { Writable } from 'node:stream';
import { context, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { createLogger } from '../ops';

const contextManager = new AsyncLocalStorageContextManager().enable();
beforeAll(() => context.setGlobalContextManager(contextManager));
afterAll(() => context.disable());

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')));
      done();
    },
  });
  return { lines, logger: createLogger('test', 'info', 'json', stream) };
}

describe('createLogger', () => {
  it('writes the active trace and span ids on every line inside a trace, children included', () => {
    const { lines, logger } = capture();
    const span = trace.wrapSpanContext({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      traceFlags: TraceFlags.SAMPLED,
    });
    context.with(trace.setSpan(ROOT_CONTEXT, span), () => {
      logger.info('inside');
      logger.child({ requestId: 'req_1' }).warn('inside, from a child');
    });
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'inside',
        traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
        spanId: '00f067aa0ba902b7',
      }),
      expect.objectContaining({
        msg: 'inside, from a child',
        requestId: 'req_1',
        traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      }),
    ]);
  });

  it('writes no trace keys outside a trace', () => {
    const { lines, logger } = capture();
    logger.info('outside');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'outside', service: 'test' });
    expect(lines[0]).not.toHaveProperty('traceId');
    expect(lines[0]).not.toHaveProperty('spanId');
  });
});
