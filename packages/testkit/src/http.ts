import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on an ephemeral 127.0.0.1 port; returns its base URL and a closer. */
export async function listen(
  app: RequestListener,
): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const server = await new Promise<Server>((resolve) => {
    const s = createServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  // As the services do (lifecycle.ts): a client's pooled socket must not be closed under it. At
  // the 5 s default, fetch reused a socket the server was closing on a busy machine (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until check() returns a value (not undefined) or the time is up. */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 15_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: string | undefined;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      lastError = String(err);
    }
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms${lastError ? `: ${lastError}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A response body as JSON; tests assert its shape field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const json = (res: { json(): Promise<any> }): Promise<any> => res.json();
