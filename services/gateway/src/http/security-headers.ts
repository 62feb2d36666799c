import type { ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * helmet's headers, worked out once: with its default options helmet sets the same
 * values on every response, so running its dozen middlewares per request would only
 * repeat the work. They are captured from helmet itself, so they follow its releases.
 */
export function securityHeaders(options?: Parameters<typeof helmet>[0]): (res: ServerResponse) => void {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as never, recorder as never, () => undefined);
  if (headers.length === 0) throw new Error('helmet set no headers');
  return (res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
  };
}
