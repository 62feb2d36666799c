import { rawRequest, startStack, type Stack } from '@stockyard/testkit';

/**
 * What Node refuses before there is a request, as the gateway process answers it (its `serve`
 * and the kit's clientError handler): the error envelope with the gateway's own headers.
 * Before, a request line over 16 KB got an empty 431 (or a reset), an unknown method an empty 400.
 */
describe('gateway: requests refused before routing', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack([]);
  });
  afterAll(() => stack?.destroy());
  /** The gateway process, not the stack's contract check in front of it (its own parser would answer). */
  const gatewayItself = () => stack.services.gateway!.url;

  it('answers a request line over 16 KB 431 headers_too_large, enveloped, with its security headers', async () => {
    const answer = await rawRequest(
      gatewayItself(),
      `GET /api/v1/${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    const { error } = JSON.parse(answer.body);
    expect(error).toEqual({ code: 'headers_too_large', message: expect.any(String), requestId: expect.any(String) });
    expect(answer.headers['x-request-id']).toBe(error.requestId);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('answers an unknown method 400 malformed_request, enveloped', async () => {
    const answer = await rawRequest(gatewayItself(), 'BREW /api/v1/settings HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error).toMatchObject({ code: 'malformed_request', message: 'Unknown HTTP method' });
  });
});
