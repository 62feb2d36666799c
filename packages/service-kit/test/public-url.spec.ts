import { AppError } from '../src/errors';
import { checkPublicUrl, type Resolver } from '../src/net/public-url';

const rules = { subject: 'Feed URL', code: 'feed_url' };
const resolvesTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses;

async function codeOf(url: string, resolve: Resolver, allowlist: string[] = []): Promise<string> {
  try {
    await checkPublicUrl(url, { allowlist, resolve }, rules);
    return 'accepted';
  } catch (err) {
    if (err instanceof AppError) return `${err.status} ${err.code} ${err.message}`;
    throw err;
  }
}

describe('checkPublicUrl', () => {
  it("names the refusals after the caller's rules", async () => {
    expect(await codeOf('http://feeds.example.com/x', resolvesTo('93.184.215.14'))).toBe(
      '422 feed_url_not_https Feed URL must use https',
    );
    expect(await codeOf('https://10.0.0.1/x', resolvesTo())).toMatch(/^422 feed_url_private_address Feed URL host/);
    expect(await codeOf('https://nothing.invalid/x', resolvesTo())).toMatch(/^422 feed_url_unresolvable/);
  });

  it('accepts an https URL with public addresses only, and an allow-listed http one', async () => {
    expect(await codeOf('https://feeds.example.com/x', resolvesTo('93.184.215.14'))).toBe('accepted');
    expect(await codeOf('http://127.0.0.1:9/x', resolvesTo(), ['127.0.0.1'])).toBe('accepted');
  });
});
