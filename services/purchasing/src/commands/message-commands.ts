import type { Page, SendEmail, SendFollowUp } from '@stockyard/contracts';
import { newId, type Logger } from '@stockyard/service-kit';
import { emailDeliveryFailed } from '../domain/document.errors';
import { composeFollowUp, composeOrderEmail, type ComposedMessage, type OrderMessage } from '../domain/order-messages';
import type { CatalogReads } from '../peers/catalog-reads';
import type { Mailer, OutgoingMail } from '../peers/mailer';
import type { MessageRepository } from '../store/message.repository';
import type { DocumentCommands } from './document-commands';
import type { PurchaseOrderCommands } from './purchase-order-commands';

/** Why SMTP failed, as a partner may read it: the server's own answer, or that it could not be reached. */
function reasonOf(err: unknown): string {
  const e = err as { responseCode?: number; response?: string; code?: string };
  if (e.responseCode) return `SMTP ${e.responseCode}: ${String(e.response ?? '').slice(0, 300)}`;
  return `SMTP server unreachable (${e.code ?? 'error'})`;
}

/**
 * E-mail to the supplier: the order with its PDF, and follow-ups. Each is recorded SENDING
 * before the SMTP call and SENT or FAILED after it, so neither a crash nor a refusal loses it.
 */
export class MessageCommands {
  constructor(
    private readonly commands: PurchaseOrderCommands,
    private readonly catalog: CatalogReads,
    private readonly documents: DocumentCommands,
    private readonly messages: MessageRepository,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
  ) {}

  async sendOrder(orgId: string, poId: string, input: SendEmail): Promise<OrderMessage> {
    const po = await this.commands.get(orgId, poId);
    const source = await this.catalog.source(orgId, po.channelId);
    const composed = composeOrderEmail(po, source, input, newId('msg'), new Date());
    const pdf = await this.documents.pdf(po, source);
    return this.deliver(composed, [{ filename: pdf.filename, content: pdf.bytes, contentType: 'application/pdf' }]);
  }

  async sendFollowUp(orgId: string, poId: string, input: SendFollowUp): Promise<OrderMessage> {
    const po = await this.commands.get(orgId, poId);
    const source = await this.catalog.source(orgId, po.channelId);
    return this.deliver(composeFollowUp(po, source, input, newId('msg'), new Date()));
  }

  async list(orgId: string, poId: string, page: Page) {
    await this.commands.get(orgId, poId);
    return this.messages.page(orgId, poId, page);
  }

  /**
   * Records the message, sends it and records the outcome. A run of the request again (after a
   * crash, or the retry a failed send invites) finds its message by id: one SENT is answered as
   * it is, any other is sent again under the same Message-ID, which lets the receiving side
   * recognise a copy.
   */
  private async deliver({ message: composed, text }: ComposedMessage, attachments?: OutgoingMail['attachments']) {
    const earlier = await this.messages.insertOrFind(composed);
    if (earlier?.status === 'SENT') return earlier;
    const message = earlier ?? composed;
    try {
      const { to, cc, subject } = message;
      await this.mailer.send({ to, cc, subject, text, attachments, messageId: `<${message.id}@purchasing.stockyard>` });
    } catch (err) {
      const reason = reasonOf(err);
      const log = { orgId: message.orgId, purchaseOrderId: message.purchaseOrderId, messageId: message.id };
      this.logger.warn({ ...log, err: (err as Error).message }, 'purchase-order e-mail not delivered');
      await this.messages.settle(message, 'FAILED', reason);
      throw emailDeliveryFailed(message.id, reason);
    }
    return this.messages.settle(message, 'SENT', null);
  }
}
