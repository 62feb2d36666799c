import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkoutPort } from '../src/infra/detached';
import { ensureMailpit } from '../src/infra/mailpit';
import { ensureVersityGw, LOCAL_S3_KEYS } from '../src/infra/versitygw';
import { REPO_ROOT } from '../src/infra';
import { infraEnv } from '../src/isolation';

/** Like FerretDB's (ferretdb-checkout.int.spec.ts): each checkout runs its own S3 and SMTP servers. */
describe('the local S3 and SMTP servers belong to their checkout', () => {
  const otherStateDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'stockyard-state-'));

  it('derive their ports from the checkout folder, one number for all of its servers', () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'stockyard-clone-'));
    const offset = checkoutPort(REPO_ROOT, 27117) - 27117;
    expect([28217, 29317, 30417].map((base) => checkoutPort(REPO_ROOT, base) - base)).toEqual([offset, offset, offset]);
    expect(checkoutPort(REPO_ROOT, 28217)).toBeLessThan(29217);
    expect(checkoutPort(REPO_ROOT, 30417)).toBeLessThan(32768); // below the outgoing connections' range
    expect(checkoutPort(other, 28217)).not.toBe(checkoutPort(REPO_ROOT, 28217));
  });

  const localS3 = infraEnv().s3AccessKeyId === LOCAL_S3_KEYS.s3AccessKeyId;
  (localS3 ? it : it.skip)(
    "say plainly when the S3 server on the port is not this checkout's, and use it",
    async () => {
      const port = Number(new URL(infraEnv().s3Url).port);
      const lines: string[] = [];
      const access = await ensureVersityGw({
        repoRoot: REPO_ROOT,
        stateDir: otherStateDir(),
        port,
        log: (line) => lines.push(line),
      });
      expect(access).toMatchObject({ s3Url: `http://127.0.0.1:${port}`, ...LOCAL_S3_KEYS });
      expect(lines).toEqual([
        expect.stringContaining('answers as an S3 server with the local keys that this checkout'),
      ]);
    },
  );

  const localMail = new URL(infraEnv().mailpitUrl).hostname === '127.0.0.1';
  (localMail ? it : it.skip)(
    "say plainly when the Mailpit on the ports is not this checkout's, and use it",
    async () => {
      const smtpPort = Number(new URL(infraEnv().smtpUrl).port);
      const httpPort = Number(new URL(infraEnv().mailpitUrl).port);
      const lines: string[] = [];
      const urls = await ensureMailpit({
        repoRoot: REPO_ROOT,
        stateDir: otherStateDir(),
        smtpPort,
        httpPort,
        log: (line) => lines.push(line),
      });
      expect(urls).toEqual({ smtpUrl: infraEnv().smtpUrl, mailpitUrl: infraEnv().mailpitUrl });
      expect(lines).toEqual([
        expect.stringMatching(
          `^127\\.0\\.0\\.1:${smtpPort} and 127\\.0\\.0\\.1:${httpPort} answer as Mailpit that this checkout ` +
            'did not start .* Set MAILPIT_SMTP_PORT and MAILPIT_HTTP_PORT to free ports for a server of its own\\.$',
        ),
      ]);
    },
  );
});
