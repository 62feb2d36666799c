import { infraEnv, isolatedNames } from '@stockyard/testkit';
import { connectMongo } from '../ops';

/** The URL decides retryable writes: a replica set's URL turns them on; a URL that names none gets them off. */
describe('connectMongo', () => {
  const database = isolatedNames('servicekit').database;
  const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

  it.each([
    ['names none', (url: string) => url, false],
    ['asks for them', (url: string) => withQuery(url, 'retryWrites=true'), true],
  ])('when the URL %s, retryable writes are %s', async (_, urlOf, expected) => {
    const connection = await connectMongo(urlOf(infraEnv().mongoUrl), database);
    try {
      expect(connection.getClient().options.retryWrites).toBe(expected);
    } finally {
      await connection.close();
    }
  });
});
