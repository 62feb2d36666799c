import { AppError } from '@stockyard/service-kit';
import { checkEndpointUrl, type Resolver } from '../src/domain/endpoint-url';

const resolvesTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses;
const policy = (resolve: Resolver, allowlist: string[] = []) => ({ allowlist, resolve });

async function codeOf(url: string, resolve: Resolver, allowlist: string[] = []): Promise<string> {
  try {
    await checkEndpointUrl(url, policy(resolve, allowlist));
    return 'accepted';
  } catch (err) {
    if (err instanceof AppError) return `${err.status} ${err.code}`;
    throw err;
  }
}

describe('checkEndpointUrl', () => {
  const publicHost = resolvesTo('93.184.215.14');

  it('accepts an https URL whose host resolves only to public addresses', async () => {
    expect(await codeOf('https://hooks.example.com/x', publicHost)).toBe('accepted');
  });

  it('refuses http for a host that is not allow-listed', async () => {
    expect(await codeOf('http://hooks.example.com/x', publicHost)).toBe('422 webhook_url_not_https');
  });

  it('refuses schemes other than http and https even for an allow-listed host', async () => {
    expect(await codeOf('ftp://localhost/x', publicHost, ['localhost'])).toBe('422 webhook_url_not_https');
  });

  it('refuses a host with any non-public address among public ones', async () => {
    expect(await codeOf('https://mixed.example.com/x', resolvesTo('93.184.215.14', '10.0.0.5'))).toBe(
      '422 webhook_url_private_address',
    );
  });

  it.each([
    'https://127.0.0.1/x',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://2130706433/x',
    'https://0x7f.1/x',
  ])('refuses the literal loopback address in %s without asking DNS', async (url) => {
    const resolve = jest.fn(publicHost);
    expect(await codeOf(url, resolve)).toBe('422 webhook_url_private_address');
    expect(resolve).not.toHaveBeenCalled();
  });

  it('refuses a host that does not resolve', async () => {
    const failing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await codeOf('https://nothing.invalid/x', failing)).toBe('422 webhook_url_unresolvable');
    expect(await codeOf('https://empty.example/x', resolvesTo())).toBe('422 webhook_url_unresolvable');
  });

  it('lets an allow-listed host use http and a loopback address', async () => {
    expect(await codeOf('http://127.0.0.1:8080/x', resolvesTo('127.0.0.1'), ['127.0.0.1'])).toBe('accepted');
    expect(await codeOf('http://LocalHost./x', resolvesTo('127.0.0.1'), ['localhost'])).toBe('accepted');
  });

  it('does not exempt a host merely ending in an allow-listed name', async () => {
    expect(await codeOf('https://evil-localhost/x', resolvesTo('127.0.0.1'), ['localhost'])).toBe(
      '422 webhook_url_private_address',
    );
  });

  it.each([
    ['http://[::1]/x', 'WEBHOOK_URL_ALLOWLIST=[::1]:80'],
    ['http://LocalHost.:3000/x', 'WEBHOOK_URL_ALLOWLIST=localhost:3000'],
    ['https://127.0.0.1/x', 'WEBHOOK_URL_ALLOWLIST=127.0.0.1:443'],
  ])('tells how an operator would allow %s: %s', async (url, entry) => {
    const refusal = await checkEndpointUrl(url, policy(publicHost)).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).message).toMatch(
      /; an operator can allow this receiver for tests or local development/,
    );
    expect((refusal as AppError).message.endsWith(` with ${entry}`)).toBe(true);
  });
});
