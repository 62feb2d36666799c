import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eventually, freePort } from '@stockyard/testkit';

const run = promisify(execFile);

/**
 * A throwaway RabbitMQ node of its own (Debian's rabbitmq-server), so a test can restart
 * a broker without touching the one everybody else uses. Its data lives in a temp
 * directory and survives restarts, like a real node's. The Erlang cookie is the machine's.
 */
export class RabbitNode {
  private constructor(
    readonly name: string,
    readonly port: number,
    private readonly distPort: number,
    private readonly dir: string,
  ) {}

  static async create(): Promise<RabbitNode> {
    const dir = mkdtempSync(path.join(tmpdir(), 'sy_chaos_'));
    mkdirSync(path.join(dir, 'mnesia'));
    mkdirSync(path.join(dir, 'log'));
    // No plugins, no config and no env file: the machine's would bind its ports.
    writeFileSync(path.join(dir, 'plugins'), '[].\n');
    writeFileSync(path.join(dir, 'rabbitmq.conf'), '');
    writeFileSync(path.join(dir, 'env'), '');
    // As root the wrapper runs the node as the rabbitmq user, which must own its directory.
    if (process.getuid?.() === 0) await run('chown', ['-R', 'rabbitmq:rabbitmq', dir]);
    return new RabbitNode(
      `${path
        .basename(dir)
        .toLowerCase()
        .replace(/[^a-z0-9_]/g, '_')}@localhost`,
      await freePort(),
      await freePort(),
      dir,
    );
  }

  get amqpUrl() {
    return `amqp://guest:guest@127.0.0.1:${this.port}`;
  }

  private env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      RABBITMQ_NODENAME: this.name,
      RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
      RABBITMQ_NODE_PORT: String(this.port),
      RABBITMQ_DIST_PORT: String(this.distPort),
      RABBITMQ_MNESIA_BASE: path.join(this.dir, 'mnesia'),
      RABBITMQ_LOG_BASE: path.join(this.dir, 'log'),
      RABBITMQ_ENABLED_PLUGINS_FILE: path.join(this.dir, 'plugins'),
      RABBITMQ_CONFIG_FILE: path.join(this.dir, 'rabbitmq.conf'),
      RABBITMQ_CONF_ENV_FILE: path.join(this.dir, 'env'),
      ERL_EPMD_ADDRESS: '127.0.0.1',
    };
  }

  /** Starts the node and resolves once its AMQP port accepts connections. */
  async start(): Promise<void> {
    await run('rabbitmq-server', ['-detached'], { env: this.env() });
    await eventually(() => this.accepting(), 30_000, 200);
  }

  async stop(): Promise<void> {
    await run('rabbitmqctl', ['-n', this.name, 'stop'], { env: this.env() }).catch(() => undefined);
    await eventually(async () => ((await this.accepting()) ? undefined : true), 15_000, 100);
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private accepting(): Promise<true | undefined> {
    return new Promise((resolve) => {
      const socket = connect(this.port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(undefined));
    });
  }
}
