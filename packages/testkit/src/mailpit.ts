/**
 * What the SMTP server received, read through Mailpit's HTTP API (`MAILPIT_URL`), so tests
 * assert on delivered mail: recipient, subject, text, attachments and their bytes. Mail is not
 * deleted: each test sends to recipients of its own and filters by them.
 */
import { infraEnv } from './isolation';

export interface MailAddress {
  name: string;
  address: string;
}

export interface MailAttachment {
  /** Mailpit's part id, for `attachment(id, partId)`. */
  partId: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** A received message with its attachments' names and types (no bodies: `message(id)`). */
export interface MailSummary {
  id: string;
  from: MailAddress;
  to: MailAddress[];
  subject: string;
  /** When Mailpit received it (ISO 8601). */
  created: string;
  attachments: MailAttachment[];
}

export interface MailMessage extends Omit<MailSummary, 'created'> {
  cc: MailAddress[];
  /** The text body ("" when the message has only HTML). */
  text: string;
  html: string;
}

interface ApiAddress {
  Name: string;
  Address: string;
}
interface ApiAttachment {
  PartID: string;
  FileName: string;
  ContentType: string;
  Size: number;
}
interface ApiSummary {
  ID: string;
  From: ApiAddress | null;
  To: ApiAddress[] | null;
  Subject: string;
  Created: string;
}
interface ApiMessage {
  ID: string;
  From: ApiAddress | null;
  To: ApiAddress[] | null;
  Cc: ApiAddress[] | null;
  Subject: string;
  Text: string;
  HTML: string;
  Attachments: ApiAttachment[] | null;
}

const address = (a: ApiAddress | null): MailAddress => ({ name: a?.Name ?? '', address: a?.Address ?? '' });
const attachment = (a: ApiAttachment): MailAttachment => ({
  partId: a.PartID,
  fileName: a.FileName,
  contentType: a.ContentType,
  size: a.Size,
});

/** A reader of the Mailpit at `url` (default: the suite's, MAILPIT_URL). */
export function mailpit(url: string = infraEnv().mailpitUrl) {
  const base = url.endsWith('/') ? url : `${url}/`;
  const get = async (path: string): Promise<Response> => {
    const res = await fetch(new URL(path, base));
    if (res.status !== 200) throw new Error(`Mailpit: GET ${path} answered ${res.status}: ${await res.text()}`);
    return res;
  };

  const client = {
    /** One message: addresses, subject, text and HTML bodies, attachments. */
    async message(id: string): Promise<MailMessage> {
      const m = (await (await get(`api/v1/message/${encodeURIComponent(id)}`)).json()) as ApiMessage;
      return {
        id: m.ID,
        from: address(m.From),
        to: (m.To ?? []).map(address),
        cc: (m.Cc ?? []).map(address),
        subject: m.Subject,
        text: m.Text,
        html: m.HTML,
        attachments: (m.Attachments ?? []).map(attachment),
      };
    },

    /**
     * Messages received, newest first (at most 200): all of them, or those addressed `to` someone
     * (exactly that address in To, any case).
     */
    async messages(filter: { to?: string } = {}): Promise<MailSummary[]> {
      const path = filter.to
        ? `api/v1/search?limit=200&query=${encodeURIComponent(`to:"${filter.to}"`)}`
        : 'api/v1/messages?limit=200';
      const list = (await (await get(path)).json()) as { messages: ApiSummary[] | null };
      const wanted = filter.to?.toLowerCase();
      const found = (list.messages ?? []).filter(
        (m) => !wanted || (m.To ?? []).some((to) => to.Address.toLowerCase() === wanted),
      );
      // The list gives an attachment count only: their names and types come with each message.
      return Promise.all(
        found.map(async (m) => ({
          id: m.ID,
          from: address(m.From),
          to: (m.To ?? []).map(address),
          subject: m.Subject,
          created: m.Created,
          attachments: (await client.message(m.ID)).attachments,
        })),
      );
    },

    /** An attachment's bytes, as sent. */
    async attachment(id: string, partId: string): Promise<Buffer> {
      const res = await get(`api/v1/message/${encodeURIComponent(id)}/part/${encodeURIComponent(partId)}`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
  return client;
}

export type Mailpit = ReturnType<typeof mailpit>;
