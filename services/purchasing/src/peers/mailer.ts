import type { Part } from '@stockyard/service-kit';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';

/** How long the SMTP server may take to connect, greet and answer (then the message is FAILED). */
const SMTP_TIMEOUT_MS = 10_000;

export interface OutgoingMail {
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** The Message-ID header (`<id@host>`), the same on every send of one message. */
  messageId?: string;
}

/** Purchase-order e-mail through nodemailer to `SMTP_URL`, from `SMTP_FROM`. */
export class Mailer implements Part {
  private readonly transport: Transporter;

  constructor(private readonly config: Config) {
    this.transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
  }

  start(): void {}

  stop(): void {
    this.transport.close();
  }

  /** Resolves once the SMTP server accepted the message; rejects with its reason otherwise. */
  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.config.SMTP_FROM, ...mail, cc: mail.cc.length ? mail.cc : undefined });
  }
}
