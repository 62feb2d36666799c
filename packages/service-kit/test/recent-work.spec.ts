import { RecentWork } from '../store';

describe('RecentWork', () => {
  it('skips work that succeeded here lately, and runs work it does not know', async () => {
    const work = new RecentWork(10);
    const calls: string[] = [];
    await work.run('a', async () => calls.push('a first'));
    await work.runIfNew('a', async () => calls.push('a again'));
    await work.runIfNew('b', async () => calls.push('b'));
    expect(calls).toEqual(['a first', 'b']);
  });

  it('runs again what failed, and waits for what is still running', async () => {
    const work = new RecentWork(10);
    await expect(work.run('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    let ran = false;
    await work.runIfNew('a', async () => void (ran = true));
    expect(ran).toBe(true);

    let finish!: () => void;
    const first = work.run('b', () => new Promise<void>((resolve) => (finish = resolve)));
    let second = false;
    const waiting = work.runIfNew('b', async () => void (second = true));
    finish();
    await Promise.all([first, waiting]);
    expect(second).toBe(false);
  });

  it('forgets the oldest past its limit', async () => {
    const work = new RecentWork(1);
    await work.run('a', async () => undefined);
    await work.run('b', async () => undefined);
    let again = false;
    await work.runIfNew('a', async () => void (again = true));
    expect(again).toBe(true);
  });
});
