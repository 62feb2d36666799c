import { newId } from '../src';
import { inKeyedRequest, keyedPart, randomId, unkeyed, withKeyedIds } from '../ids';

const draws = (seed: string, work: () => string[]) => withKeyedIds(seed, work);
const three = () => [newId('prd'), newId('prd'), newId('var')];

describe('ids drawn inside a keyed request', () => {
  it('are the same on every run with the seed, different under another seed, and well formed', () => {
    const first = draws('seed-a', three);
    expect(draws('seed-a', three)).toEqual(first);
    expect(new Set([...first, ...draws('seed-b', three)]).size).toBe(6);
    for (const id of first) expect(id).toMatch(/^(prd|var)_[0-9A-Za-z]{22}$/);
  });

  it('count per prefix: drawing another prefix in between changes nothing', () => {
    const plain = draws('seed', () => [newId('prd'), newId('prd')]);
    const between = draws('seed', () => [newId('prd'), newId('evt'), newId('prd')]);
    expect([between[0], between[2]]).toEqual(plain);
  });

  it('give each part its own stream, whatever order the parts run in', async () => {
    const part = (name: string, wait: number) =>
      keyedPart(name, async () => {
        await new Promise((resolve) => setTimeout(resolve, wait));
        return [newId('po'), newId('pol')];
      });
    const run = (waitA: number, waitB: number) =>
      withKeyedIds('seed', () => Promise.all([part('a', waitA), part('b', waitB)]));
    const [aFirst, bFirst] = [await run(1, 20), await run(20, 1)];
    expect(bFirst).toEqual(aFirst);
    expect(new Set(aFirst.flat()).size).toBe(4);
  });

  it('are random in unkeyed work, with randomId, and outside a request', () => {
    const inside = () => draws('seed', () => [unkeyed(() => newId('bg')), randomId('evt')]);
    expect(new Set([...inside(), ...inside()]).size).toBe(4);
    expect(newId('prd')).not.toBe(newId('prd'));
    expect(inKeyedRequest()).toBe(false);
    expect(withKeyedIds('seed', inKeyedRequest)).toBe(true);
    expect(withKeyedIds('seed', () => unkeyed(inKeyedRequest))).toBe(false);
    expect(keyedPart('a', inKeyedRequest)).toBe(false);
  });
});
