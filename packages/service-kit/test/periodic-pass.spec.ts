import { PeriodicPass, type Logger } from '../src';
import { createLogger } from '../ops';

class Counting extends PeriodicPass {
  passes = 0;
  failNext = false;
  release?: () => void;
  constructor(everyMs: number, logger: Logger, atStart = false) {
    super('counting pass', everyMs, logger, { atStart });
  }
  protected async pass(): Promise<void> {
    this.passes++;
    await new Promise<void>((resolve) => (this.release = resolve));
    if (this.failNext) throw new Error('boom');
  }
}

const logger = () => {
  const log = createLogger('test');
  const warn = jest.spyOn(log, 'warn').mockImplementation(() => undefined);
  return { log, warn };
};

describe('PeriodicPass', () => {
  it('runs one pass at a time: a tick while one runs joins it', async () => {
    const { log } = logger();
    const work = new Counting(0, log);
    const first = work.tick();
    const second = work.tick();
    expect(work.passes).toBe(1);
    work.release!();
    await Promise.all([first, second]);
  });

  it('logs a failed pass by name, and the next pass runs', async () => {
    const { log, warn } = logger();
    const work = new Counting(0, log);
    work.failNext = true;
    const failed = work.tick();
    work.release!();
    await failed;
    expect(warn).toHaveBeenCalledWith({ err: 'boom' }, 'counting pass failed; the next pass retries');
    work.failNext = false;
    const next = work.tick();
    work.release!();
    await next;
    expect(work.passes).toBe(2);
  });

  it('runs on its timer from start (and at start when asked), and stop waits for the pass in flight', async () => {
    const { log } = logger();
    const work = new Counting(10, log, true);
    work.start();
    expect(work.passes).toBe(1); // at start
    let stopped = false;
    const stopping = work.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(stopped).toBe(false);
    work.release!();
    await stopping;
    await new Promise((r) => setTimeout(r, 30));
    expect(work.passes).toBe(1); // no pass after stop
  });

  it('runs no pass on its own when everyMs is 0', async () => {
    const { log } = logger();
    const work = new Counting(0, log, true);
    work.start();
    await new Promise((r) => setTimeout(r, 20));
    expect(work.passes).toBe(0);
  });
});
