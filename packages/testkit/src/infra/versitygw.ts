import path from 'node:path';
import { ensureDetachedServer, type ServerContext } from './detached';
import { goInstalled } from './go-build';
import { listS3Buckets, type S3Access } from './probes';

/** Pinned: ../shared/brief.md. A new version is a new binary (`<bin dir>/versitygw-<version>`), built once. */
const VERSITYGW_VERSION = 'v1.8.0';
const PACKAGE = 'github.com/versity/versitygw/cmd/versitygw';

/**
 * The local S3 server's root keys. It listens on 127.0.0.1 only and holds test and development
 * data: fixed keys, so every process of the checkout (and a restart) signs the same way.
 */
export const LOCAL_S3_KEYS = { s3AccessKeyId: 'stockyard', s3SecretAccessKey: 'stockyard-local-s3-secret' };
/** versitygw's default region; the clients sign for it. */
export const LOCAL_S3_REGION = 'us-east-1';

/**
 * Versity's S3 gateway (a real S3 server on a folder, Apache-2.0) on 127.0.0.1:port, its buckets
 * in `<state>/versitygw/`: built with `go install` once, started detached, like FerretDB
 * (`ensureDetachedServer`). The root keys go in its environment, never on its command line.
 */
export async function ensureVersityGw(ctx: ServerContext & { port: number }): Promise<S3Access> {
  const access: S3Access = { s3Url: `http://127.0.0.1:${ctx.port}`, s3Region: LOCAL_S3_REGION, ...LOCAL_S3_KEYS };
  await ensureDetachedServer(ctx, {
    name: 'versitygw',
    title: 'versitygw (S3)',
    kind: 'an S3 server with the local keys',
    portVariables: 'VERSITYGW_PORT',
    ports: [ctx.port],
    ...goInstalled(ctx, 'versitygw', PACKAGE, VERSITYGW_VERSION, 'S3_URL, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'),
    // --quiet: no line per request in versitygw.log.
    args: ['--port', `127.0.0.1:${ctx.port}`, '--quiet', 'posix', path.join(ctx.stateDir, 'versitygw')],
    env: {
      ROOT_ACCESS_KEY: access.s3AccessKeyId,
      ROOT_SECRET_KEY: access.s3SecretAccessKey,
      VGW_REGION: access.s3Region,
    },
    probe: () => listS3Buckets(access, 2000),
  });
  return access;
}
