import net from 'node:net';
import { SERVICES } from '@stockyard/contracts';
import { portsTaken } from '../scripts/start/free-ports';
import { localPorts, PORTS } from '../scripts/start/ports';
import { startWaves } from '../scripts/start/start-order';

describe('npm start: ports', () => {
  it('listens on 8080 to 8086 and serves metrics on 8180 to 8186 when STOCKYARD_PORT_BASE is unset', () => {
    const ports = localPorts({});
    expect(ports.http).toEqual(PORTS);
    expect(Object.values(ports.http)).toEqual([8080, 8081, 8082, 8083, 8084, 8085, 8086]);
    expect(Object.values(ports.metrics)).toEqual([8180, 8181, 8182, 8183, 8184, 8185, 8186]);
  });

  it('moves every process and its metrics port with STOCKYARD_PORT_BASE', () => {
    const ports = localPorts({ STOCKYARD_PORT_BASE: '9180' });
    expect(ports.http.gateway).toBe(9180);
    expect(ports.http.webhooks).toBe(9186);
    expect(Object.values(ports.metrics)).toEqual([9280, 9281, 9282, 9283, 9284, 9285, 9286]);
  });

  it('gives every process of a run a port of its own, metrics included', () => {
    const ports = localPorts({ STOCKYARD_PORT_BASE: '9180' });
    const all = [...Object.values(ports.http), ...Object.values(ports.metrics)];
    expect(new Set(all).size).toBe(2 * SERVICES.length);
  });

  it("adds npm run dev's offset to the base", () => {
    const ports = localPorts({ STOCKYARD_PORT_BASE: '9180' }, { name: 'DEV_PORT_OFFSET', by: 1000 });
    expect([ports.http.gateway, ports.metrics.gateway]).toEqual([10180, 10280]);
    expect(localPorts({}, { name: 'DEV_PORT_OFFSET', by: 1000 }).http.catalog).toBe(9081);
  });

  it.each([['80'], ['9180.5'], ['nine'], ['65500']])('refuses STOCKYARD_PORT_BASE=%s, naming it', (value) => {
    expect(() => localPorts({ STOCKYARD_PORT_BASE: value })).toThrow(`STOCKYARD_PORT_BASE=${value}:`);
  });

  it('refuses an offset that is not a number, naming it', () => {
    expect(() => localPorts({}, { name: 'DEV_PORT_OFFSET', by: Number('x') })).toThrow('DEV_PORT_OFFSET=NaN');
  });
});

describe('npm start: ports already in use', () => {
  it('names a port something listens on, and only that one', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, resolve));
    const busy = (server.address() as net.AddressInfo).port;
    try {
      expect(await portsTaken([busy])).toEqual([busy]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await portsTaken([busy])).toEqual([]);
  });
});

describe('npm start: start order', () => {
  it('starts the catalog and inventory (which others call as they start) first, then the rest, each once', () => {
    const [first, rest] = startWaves(SERVICES.map((name) => ({ name })));
    expect(first.map((p) => p.name)).toEqual(['catalog', 'inventory']);
    expect([...first, ...rest].map((p) => p.name).sort()).toEqual([...SERVICES].sort());
    expect(rest.map((p) => p.name)).toContain('orders');
  });
});
