import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rawRequest } from '@stockyard/testkit';
import { createLogger, serve } from '../ops';
import { MAX_HEADER_BYTES } from '../internals';

/** What Node refuses before there is a request, as a service's `serve` answers it: the envelope, never empty. */
describe('serve: requests Node refuses before the app sees them', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = await serve((_req, res) => res.end('ok'), 0, createLogger('test', 'silent'), [], {
      answerHeaders: ['X-Extra', 'yes'],
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const envelope = (body: string) =>
    JSON.parse(body) as { error: { code: string; message: string; requestId: string } };

  it('answers a request line over the header limit 431 headers_too_large with the envelope', async () => {
    const answer = await rawRequest(url, `GET /${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const { error } = envelope(answer.body);
    expect(error).toEqual({
      code: 'headers_too_large',
      message: expect.stringContaining('16384'),
      requestId: expect.any(String),
    });
    expect(answer.headers['x-request-id']).toBe(error.requestId);
    expect(answer.headers['x-extra']).toBe('yes');
  });

  it('answers 431 rather than a reset when the client goes on sending a 200 KB request line', async () => {
    const answer = await rawRequest(url, `GET /${'a'.repeat(200 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(envelope(answer.body).error.code).toBe('headers_too_large');
  });

  it('answers an unknown method 400 malformed_request with the envelope', async () => {
    const answer = await rawRequest(url, 'BREW / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(envelope(answer.body).error).toMatchObject({ code: 'malformed_request', message: 'Unknown HTTP method' });
  });

  it('answers an Expect it cannot meet 417 expectation_failed with the envelope (issue #30)', async () => {
    const answer = await rawRequest(url, 'POST / HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n{}');
    expect(answer.status).toBe(417);
    const { error } = envelope(answer.body);
    expect(error.code).toBe('expectation_failed');
    expect(answer.headers['x-request-id']).toBe(error.requestId);
    expect(answer.headers['x-extra']).toBe('yes');
  });

  it('serves headers up to the limit', async () => {
    const header = `X-Big: ${'b'.repeat(MAX_HEADER_BYTES - 200)}\r\n`;
    const answer = await rawRequest(url, `GET / HTTP/1.1\r\nHost: x\r\n${header}Connection: close\r\n\r\n`);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('ok');
  });
});
