import helmet from 'helmet';

/**
 * helmet's headers as a flat list (name, value, name, value...), worked out once: with
 * its default options helmet sets the same values on every response, so running its
 * dozen middlewares per request would only repeat the work. They are captured from
 * helmet itself, so they follow its releases.
 */
export function securityHeaders(options?: Parameters<typeof helmet>[0]): readonly string[] {
  const fields: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => fields.push(name, String(value)),
    removeHeader: () => undefined,
  };
  helmet(options)({} as never, recorder as never, () => undefined);
  if (fields.length === 0) throw new Error('helmet set no headers');
  return Object.freeze(fields);
}

/** Names of a flat header list. */
export const headerNames = (fields: readonly string[]) => fields.filter((_, i) => i % 2 === 0);
