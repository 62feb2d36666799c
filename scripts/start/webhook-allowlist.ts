/**
 * What `npm start` allows webhooks to reach on this machine: nothing unless asked. An allow-listed
 * bare host (the old default, `127.0.0.1,localhost`) opened every local port to any partner key:
 * the services' internal APIs, Redis. A receiver is allowed by host and port instead.
 */
export function webhookAllowlist(env: NodeJS.ProcessEnv = process.env): { value: string; advice: string } {
  const value = env.WEBHOOK_URL_ALLOWLIST ?? '';
  const advice = value
    ? `webhooks may also deliver to ${value} (WEBHOOK_URL_ALLOWLIST)`
    : 'webhooks deliver to public https URLs only; to test with a receiver on this machine, start with ' +
      'WEBHOOK_URL_ALLOWLIST=127.0.0.1:<its port> (host:port, comma-separated) and create the endpoint ' +
      'as http://127.0.0.1:<its port>/...';
  return { value, advice };
}
