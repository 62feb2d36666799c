import { NumberSequence } from '../store';
import { useTestDatabase } from './support/database';

const db = useTestDatabase();

describe('NumberSequence', () => {
  it('hands out increasing numbers per organization, from 1', async () => {
    const sequence = new NumberSequence(db().collection('sequences_a'), 5);
    const numbers = [];
    for (let i = 0; i < 12; i++) numbers.push(await sequence.next('org_a'));
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(await sequence.next('org_b')).toBe(1);
  });

  it('never hands out one number twice across processes sharing the sequence (gaps allowed)', async () => {
    const collection = db().collection('sequences_b');
    const replicas = [
      new NumberSequence(collection, 3),
      new NumberSequence(collection, 3),
      new NumberSequence(collection, 3),
    ];
    const numbers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => replicas[i % replicas.length]!.next('org_shared')),
    );
    expect(new Set(numbers).size).toBe(60);
    expect(Math.min(...numbers)).toBe(1);
  });
});
