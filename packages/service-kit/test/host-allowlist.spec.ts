import { hostAllowlist, parsePublicUrl } from '../src/net/public-url';

const rules = { subject: 'Webhook URL', code: 'webhook_url' };
const listed = (url: string, setting: string) => {
  try {
    return parsePublicUrl(url, hostAllowlist().parse(setting), rules).allowListed;
  } catch (err) {
    return (err as { code: string }).code;
  }
};

describe('allow-list entries', () => {
  it('with a port allow that host on that port only', () => {
    expect(listed('http://127.0.0.1:4590/hooks', '127.0.0.1:4590')).toBe(true);
    expect(listed('http://127.0.0.1:8085/internal/v1/stock/receive', '127.0.0.1:4590')).toBe('webhook_url_not_https');
    expect(listed('https://127.0.0.1:6379/', '127.0.0.1:4590')).toBe(false); // the address rule decides: refused
    expect(listed('http://[::1]:4590/', '[::1]:4590')).toBe(true);
    expect(listed('http://localhost/', 'localhost:80')).toBe(true); // the scheme's default port
  });

  it('without a port allow the host on every port, as before', () => {
    expect(listed('http://127.0.0.1:8085/x', '127.0.0.1')).toBe(true);
    expect(listed('http://[::1]:1/', '[::1]')).toBe(true);
  });

  it('are refused when they are not host or host:port', () => {
    for (const setting of ['127.0.0.1:99999', 'a b', '127.0.0.1:', 'http://127.0.0.1'])
      expect(hostAllowlist().safeParse(setting).success).toBe(false);
    expect(hostAllowlist().parse('')).toEqual([]);
  });
});
