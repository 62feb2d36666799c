import { FairQueue } from '../src/auth/fair-queue';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('FairQueue', () => {
  it("serves waiting lanes in turn: a lone job waits for one of a busy lane's, not all of them", async () => {
    const queue = new FairQueue(1, 100);
    const order: string[] = [];
    const job = (name: string) => () => sleep(2).then(() => order.push(name));
    const busy = Array.from({ length: 10 }, (_, i) => queue.run('flooded', job(`flooded${i}`)));
    const lone = queue.run('new key', job('new key'));
    await Promise.all([...busy, lone]);
    expect(order.indexOf('new key')).toBe(2); // after the running one and the next in turn
  });

  it('refuses with 429 authentication_throttled past maxWaiting', async () => {
    const queue = new FairQueue(1, 2);
    const accepted = [1, 2, 3].map(() => queue.run('a', () => sleep(5)));
    await expect(queue.run('b', () => sleep(5))).rejects.toMatchObject({
      status: 429,
      code: 'authentication_throttled',
    });
    await Promise.all(accepted);
  });
});
