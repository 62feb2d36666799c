import { inParts } from '../store';

describe('inParts', () => {
  const items = Array.from({ length: 7 }, (_, i) => i);

  it('reads the items a part of at most the size at a time, one after another, answers in order', async () => {
    const asked: number[][] = [];
    let running = 0;
    let most = 0;
    const found = await inParts(items, 3, async (part) => {
      asked.push(part);
      most = Math.max(most, ++running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      return part.map((n) => n * 10);
    });
    expect(asked).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(found).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(most).toBe(1);
  });

  it('reads every part at once when together, still in order, and fails when a part fails', async () => {
    let running = 0;
    let most = 0;
    const read = async (part: number[]) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, part[0] === 0 ? 5 : 0));
      running--;
      return part;
    };
    expect(await inParts(items, 2, read, { together: true })).toEqual(items);
    expect(most).toBe(4);
    await expect(
      inParts(items, 2, async (part) => (part.includes(4) ? Promise.reject(new Error('peer away')) : part)),
    ).rejects.toThrow('peer away');
  });

  it('makes no call for no items', async () => {
    const read = jest.fn(async (part: number[]) => part);
    expect(await inParts([], 5, read)).toEqual([]);
    expect(read).not.toHaveBeenCalled();
  });
});
