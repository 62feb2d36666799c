import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { quarantineUnreadable } from '../src/infra/ferretdb';

describe('quarantineUnreadable (FerretDB files left by a crash)', () => {
  let root: string;
  let data: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ferret-q-'));
    data = path.join(root, 'ferretdb');
    fs.mkdirSync(data);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const write = (name: string, bytes: number) => fs.writeFileSync(path.join(data, name), Buffer.alloc(bytes));

  it('moves aside empty databases and WAL files whose database is gone, and keeps the rest', () => {
    write('good.sqlite', 3 * 4096);
    write('good.sqlite-wal', 100);
    write('fresh.sqlite', 4096); // its tables are still in the WAL: keep
    write('fresh.sqlite-wal', 8192);
    write('empty.sqlite', 4096);
    write('zero.sqlite', 0);
    write('gone.sqlite-wal', 50_000);
    write('gone.sqlite-shm', 32_768);
    const lines: string[] = [];

    const moved = quarantineUnreadable(data, (line) => lines.push(line));

    expect(moved.sort()).toEqual(['empty.sqlite', 'gone.sqlite-shm', 'gone.sqlite-wal', 'zero.sqlite']);
    expect(fs.readdirSync(data).sort()).toEqual(['fresh.sqlite', 'fresh.sqlite-wal', 'good.sqlite', 'good.sqlite-wal']);
    const [aside] = fs.readdirSync(path.join(root, 'ferretdb-quarantine'));
    expect(fs.readdirSync(path.join(root, 'ferretdb-quarantine', aside!)).sort()).toEqual(moved.sort());
    expect(lines).toHaveLength(1);
  });

  it('does nothing to a healthy directory', () => {
    write('good.sqlite', 3 * 4096);
    expect(quarantineUnreadable(data, () => undefined)).toEqual([]);
    expect(fs.existsSync(path.join(root, 'ferretdb-quarantine'))).toBe(false);
  });
});
