import path from 'node:path';
import { ensureDetachedServer, type ServerContext } from './detached';
import { goInstalled } from './go-build';
import { mailpitInfo, smtpGreets } from './probes';

/** Pinned: ../shared/brief.md. A new version is a new binary (`<bin dir>/mailpit-<version>`), built once. */
export const MAILPIT_VERSION = 'v1.27.11';
const PACKAGE = 'github.com/axllent/mailpit';

export interface MailUrls {
  /** Where services send: `smtp://127.0.0.1:<port>`. */
  smtpUrl: string;
  /** Mailpit's HTTP API and web UI: `http://127.0.0.1:<port>`. */
  mailpitUrl: string;
}

/**
 * Mailpit (an SMTP server that keeps what it receives, with a web UI and an HTTP API) on
 * 127.0.0.1:smtpPort and 127.0.0.1:httpPort, its messages in `<state>/mailpit/`: built with
 * `go install` once, started detached, like FerretDB (`ensureDetachedServer`).
 */
export async function ensureMailpit(ctx: ServerContext & { smtpPort: number; httpPort: number }): Promise<MailUrls> {
  const urls = { smtpUrl: `smtp://127.0.0.1:${ctx.smtpPort}`, mailpitUrl: `http://127.0.0.1:${ctx.httpPort}` };
  await ensureDetachedServer(ctx, {
    name: 'mailpit',
    title: 'Mailpit (SMTP)',
    kind: 'Mailpit',
    portVariables: 'MAILPIT_SMTP_PORT and MAILPIT_HTTP_PORT',
    ports: [ctx.smtpPort, ctx.httpPort],
    ...goInstalled(ctx, 'mailpit', PACKAGE, MAILPIT_VERSION, 'SMTP_URL and MAILPIT_URL'),
    args: [
      '--smtp',
      `127.0.0.1:${ctx.smtpPort}`,
      '--listen',
      `127.0.0.1:${ctx.httpPort}`,
      '--database',
      path.join(ctx.stateDir, 'mailpit', 'mailpit.db'),
      // Tests find their mail by recipient; the oldest go beyond this many.
      '--max',
      '5000',
      '--disable-version-check',
      // No reverse DNS per connection (slow where DNS does not answer); any login or none.
      '--smtp-disable-rdns',
      '--smtp-auth-accept-any',
      '--smtp-auth-allow-insecure',
    ],
    probe: async () => {
      await mailpitInfo(urls.mailpitUrl, 2000);
      await smtpGreets(urls.smtpUrl, 2000);
    },
  });
  return urls;
}
