import fs from 'node:fs';
import path from 'node:path';
import { SERVICES } from '@stockyard/contracts';

const source = (service: string, file: string) =>
  fs.readFileSync(path.join(__dirname, '..', 'services', service, 'src', file), 'utf8');

/**
 * Tracing patches express, mongodb, amqplib, ioredis and http as they load, so it must start
 * before anything else is imported: each process's main.ts imports its instrument.ts first, and
 * that names the process (test/tracing.int.spec.ts runs three of them for real).
 */
describe.each([...SERVICES])('%s starts tracing before it loads anything else', (service) => {
  it('imports ./instrument first in main.ts', () => {
    const imports = source(service, 'main.ts').match(/^import .*$/gm) ?? [];
    expect(imports[0]).toBe("import './instrument';");
  });

  it('starts tracing under its own name in instrument.ts, importing nothing that loads a traced library', () => {
    const instrument = source(service, 'instrument.ts');
    expect(instrument).toMatch(new RegExp(`startTracing\\('${service}'`));
    const modules = [...instrument.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    expect(modules.every((m) => m === '@stockyard/service-kit/tracing' || m === '@stockyard/contracts')).toBe(true);
  });
});
