/**
 * docker-compose.yml against the Compose Specification's JSON schema (test/support/compose-file.ts),
 * and copies of it broken the way a hand edit breaks them, to show the check fails.
 */
import { readFileSync } from 'node:fs';
import { COMPOSE_FILE, composeProblems, parseCompose, readComposeFile } from './support/compose-file';

describe('docker-compose.yml against the Compose Specification schema', () => {
  it('is valid', () => {
    expect(composeProblems(readComposeFile())).toEqual([]);
  });

  /** The file after replacing `from` (which must occur) with `to`. */
  function broken(from: string, to: string) {
    const text = readFileSync(COMPOSE_FILE, 'utf8');
    expect(text).toContain(from);
    return parseCompose(text.replace(from, to));
  }

  it.each([
    // In the x-service anchor: merged into every service, where the schema sees it.
    [
      'a misspelt key',
      'stop_grace_period: 15s',
      'stop_grace_priod: 15s',
      '/services/gateway must NOT have additional properties: stop_grace_priod',
    ],
    [
      'a map for a string',
      'MP_MAX_MESSAGES: "5000"',
      'MP_MAX_MESSAGES: { max: 5000 }',
      '/services/mailpit/environment',
    ],
    [
      'a value outside its enum',
      'redis: { condition: service_healthy }',
      'redis: { condition: service_happy }',
      '/services/gateway/depends_on/redis/condition',
    ],
    [
      'a map for a list',
      'profiles: ["bootstrap"]',
      'profiles: { bootstrap: true }',
      '/services/bootstrap/profiles must be array',
    ],
  ])('refuses %s', (_what, from, to, expected) => {
    expect(composeProblems(broken(from, to)).join('\n')).toContain(expected);
  });
});
