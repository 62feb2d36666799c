import type { Page } from '@stockyard/contracts';
import { isDuplicateKeyError, readPage, type StatePage } from '@stockyard/service-kit';
import type { MessageStatus } from '@stockyard/contracts';
import type { OrderMessage } from '../domain/order-messages';
import type { MessageModel } from './message.model';

/** An order's messages: recorded before the SMTP call, their outcome after it. */
export class MessageRepository {
  constructor(private readonly model: MessageModel) {}

  /**
   * Records the message, or answers the one recorded under its id before: a keyed request's
   * earlier run (its ids are its Idempotency-Key's).
   */
  async insertOrFind(message: OrderMessage): Promise<OrderMessage | undefined> {
    const { id, ...fields } = message;
    try {
      await this.model.collection.insertOne({ _id: id, ...fields } as never);
      return undefined;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
    const doc = await this.model.collection.findOne({ _id: id, orgId: message.orgId } as never);
    if (!doc) throw new Error(`message ${id} is another organization's`);
    const { _id, ...stored } = doc;
    return { ...stored, id: String(_id) } as unknown as OrderMessage;
  }

  /** The SMTP server's answer: SENT (with when) or FAILED (with why). */
  async settle(message: OrderMessage, status: MessageStatus, error: string | null): Promise<OrderMessage> {
    const now = new Date();
    const settled = { ...message, status, error, sentAt: status === 'SENT' ? now : null, updatedAt: now };
    const { status: s, error: e, sentAt, updatedAt } = settled;
    await this.model.updateOne(
      { _id: message.id, orgId: message.orgId },
      { $set: { status: s, error: e, sentAt, updatedAt } },
    );
    return settled;
  }

  /** An order's messages, newest first. */
  page(orgId: string, purchaseOrderId: string, page: Page): Promise<StatePage<OrderMessage>> {
    return readPage(this.model, { filter: { orgId, purchaseOrderId }, sort: { createdAt: -1, _id: -1 }, page });
  }
}
