import { webhookAllowlist } from '../scripts/start/webhook-allowlist';

describe('npm start: the webhook allow-list', () => {
  it('is empty by default and says how to allow a local receiver by host and port', () => {
    const { value, advice } = webhookAllowlist({});
    expect(value).toBe('');
    expect(advice).toContain('WEBHOOK_URL_ALLOWLIST=127.0.0.1:<its port>');
  });

  it('is what WEBHOOK_URL_ALLOWLIST says when set', () => {
    expect(webhookAllowlist({ WEBHOOK_URL_ALLOWLIST: '127.0.0.1:4590' }).value).toBe('127.0.0.1:4590');
  });
});
