import crypto from 'node:crypto';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import nodemailer from 'nodemailer';
import { pendingService, type ServiceDefinition } from '@stockyard/service-kit/store';
import { configSchema as purchasingConfig, type Config } from '../../../services/purchasing/src/config';
import { ensureInfra, type InfraUrls } from '../src/infra';
import { infraEnv, isolatedNames } from '../src/isolation';
import { mailpit } from '../src/mailpit';
import { removeBucket, s3Client } from '../src/s3';
import { startService } from '../src/service-harness';

const unique = `${Date.now().toString(36)}${crypto.randomBytes(4).toString('hex')}`;
let infra: InfraUrls;
let s3: S3Client;

beforeAll(async () => {
  infra = await ensureInfra({ log: (line) => process.stderr.write(`[infra] ${line}\n`) });
  s3 = s3Client();
}, 15 * 60_000);

afterAll(() => s3.destroy());

const bucketExists = (bucket: string) =>
  s3.send(new HeadBucketCommand({ Bucket: bucket })).then(
    () => true,
    (err: { $metadata?: { httpStatusCode?: number } }) => {
      if (err.$metadata?.httpStatusCode === 404) return false;
      throw err;
    },
  );

describe('S3 from ensureInfra', () => {
  it('gives a URL, keys and a region, which infraEnv() exposes to tests', () => {
    expect(infra.s3Url).toMatch(/^https?:\/\/[^/]+$/);
    expect(infra.s3AccessKeyId).not.toBe('');
    expect(infra.s3SecretAccessKey).not.toBe('');
    expect(infra.s3Region).toBe('us-east-1');
    const env = infraEnv();
    expect([env.s3Url, env.s3AccessKeyId, env.s3SecretAccessKey, env.s3Region]).toEqual([
      infra.s3Url,
      infra.s3AccessKeyId,
      infra.s3SecretAccessKey,
      infra.s3Region,
    ]);
  });

  it('is a real S3 server: create a bucket, put, head and get an object, then remove it all', async () => {
    const bucket = isolatedNames('s3test').bucket;
    const key = `purchase-orders/po_${unique}/quote.pdf`;
    const body = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(2048)]);
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    try {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'application/pdf' }));
      const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      expect([head.ContentLength, head.ContentType]).toEqual([body.length, 'application/pdf']);
      const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
      await expect(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: `${key}.missing` }))).rejects.toMatchObject({
        $metadata: { httpStatusCode: 404 },
      });
    } finally {
      await removeBucket(s3, bucket);
    }
    await expect(bucketExists(bucket)).resolves.toBe(false);
    await expect(removeBucket(s3, bucket)).resolves.toBeUndefined(); // a missing bucket is fine
  });
});

describe('SMTP and Mailpit from ensureInfra', () => {
  const transport = () => nodemailer.createTransport(infraEnv().smtpUrl);

  it('gives an smtp:// URL and the HTTP API of the Mailpit behind it', () => {
    expect(infra.smtpUrl).toMatch(/^smtp:\/\/[^/]+$/);
    expect(infra.mailpitUrl).toMatch(/^http:\/\/[^/]+$/);
    expect([infraEnv().smtpUrl, infraEnv().mailpitUrl]).toEqual([infra.smtpUrl, infra.mailpitUrl]);
  });

  it('delivers a mail with an attachment that mailpit() then finds by recipient, with its bytes', async () => {
    const to = `supplier-${unique}@example.test`;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(512)]);
    const mail = transport();
    await mail.sendMail({
      from: 'Stockyard Purchasing <purchasing@stockyard.localhost>',
      to: `Supplier <${to}>`,
      subject: `Purchase order PO-${unique}`,
      text: `Please find purchase order PO-${unique} attached.`,
      attachments: [{ filename: `PO-${unique}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
    // Another recipient whose address contains this one: Mailpit's search matches it, messages() must not.
    await mail.sendMail({ from: 'x@stockyard.localhost', to: `x${to}`, subject: 'not this one', text: 'no' });
    mail.close();

    const found = await mailpit().messages({ to });
    expect(found).toEqual([
      expect.objectContaining({
        to: [{ name: 'Supplier', address: to }],
        subject: `Purchase order PO-${unique}`,
        attachments: [expect.objectContaining({ fileName: `PO-${unique}.pdf`, contentType: 'application/pdf' })],
      }),
    ]);
    const message = await mailpit(infra.mailpitUrl).message(found[0]!.id);
    expect(message.text.trim()).toBe(`Please find purchase order PO-${unique} attached.`);
    expect(message.from.address).toBe('purchasing@stockyard.localhost');
    const bytes = await mailpit().attachment(message.id, message.attachments[0]!.partId);
    expect(bytes.equals(pdf)).toBe(true);
    await expect(mailpit().messages({ to: `nobody-${unique}@example.test` })).resolves.toEqual([]);
  });
});

describe('the service harness', () => {
  // The walking skeleton with purchasing's config: what the harness passes, before the service exists.
  const purchasing: ServiceDefinition<Config, unknown> = {
    ...pendingService('purchasing'),
    configSchema: purchasingConfig,
  };

  it('passes S3 and SMTP to a service whose config asks, a bucket of its own to each, removed on close', async () => {
    const first = await startService(purchasing);
    const second = await startService(purchasing);
    try {
      for (const harness of [first, second]) {
        expect(harness.config).toMatchObject({
          S3_URL: infra.s3Url,
          S3_ACCESS_KEY_ID: infra.s3AccessKeyId,
          S3_SECRET_ACCESS_KEY: infra.s3SecretAccessKey,
          S3_REGION: infra.s3Region,
          SMTP_URL: infra.smtpUrl,
        });
        expect(harness.config.S3_BUCKET).toMatch(/^t-[a-z0-9-]+-purchasing$/);
      }
      expect(first.config.S3_BUCKET).not.toBe(second.config.S3_BUCKET);
      // The service creates its bucket at start; here the test does, with an object in it.
      const bucket = first.config.S3_BUCKET;
      await s3.send(new CreateBucketCommand({ Bucket: bucket }));
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'a/b.txt', Body: 'x' }));
    } finally {
      await first.close();
      await second.close();
    }
    await expect(bucketExists(first.config.S3_BUCKET)).resolves.toBe(false);
  });

  it('passes none of them to a service whose config does not ask', async () => {
    const inventory = await startService(pendingService('inventory'));
    try {
      expect(Object.keys(inventory.config).filter((key) => /^(S3|SMTP)_/.test(key))).toEqual([]);
    } finally {
      await inventory.close();
    }
  });
});

describe('ensureInfra with S3 or mail variables set in part', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });

  /** A fresh copy of the module (ensureInfra caches its answer per process). */
  const freshEnsureInfra = () => {
    let fresh!: typeof ensureInfra;
    jest.isolateModules(() => {
      fresh = jest.requireActual<typeof import('../src/infra')>('../src/infra').ensureInfra;
    });
    return fresh();
  };

  it('refuses S3_URL without its keys, naming them', async () => {
    delete process.env.S3_ACCESS_KEY_ID;
    delete process.env.S3_SECRET_ACCESS_KEY;
    await expect(freshEnsureInfra()).rejects.toThrow(
      'S3_URL is set but not S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set all of S3_URL, S3_ACCESS_KEY_ID, ' +
        'S3_SECRET_ACCESS_KEY to use your own S3 server, or none to let the testkit provide one',
    );
  });

  it('refuses SMTP_URL without MAILPIT_URL (tests read the mail through it)', async () => {
    delete process.env.MAILPIT_URL;
    await expect(freshEnsureInfra()).rejects.toThrow('SMTP_URL is set but not MAILPIT_URL');
  });
});
