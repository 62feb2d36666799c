import type { AttachmentCommands } from './commands/attachment-commands';
import type { DocumentCommands } from './commands/document-commands';
import type { HoldCommands } from './commands/hold-commands';
import type { MessageCommands } from './commands/message-commands';
import type { PurchaseOrderCommands } from './commands/purchase-order-commands';
import type { ReceiveCommands } from './commands/receive-commands';
import type { RequirementCommands } from './commands/requirements-commands';
import type { PurchaseOrderLists, PurchaseOrderReads } from './store/purchase-order.repository';

/** What the purchase orders module gives its routes and the documents module: commands and reads. */
export interface PurchaseOrdersGiven {
  commands: PurchaseOrderCommands;
  /** Orders by id, receipt lines and what is on order for peers. */
  orders: Pick<PurchaseOrderReads, 'byIds' | 'mayHaveReceipts' | 'mayHoldOnOrder'>;
  /** The lists, the trash and an export's pages. */
  lists: PurchaseOrderLists;
  receiving: ReceiveCommands;
  /** Customer holds linked to lines. */
  holds: HoldCommands;
  /** Orders from reorder requirements. */
  requirements: RequirementCommands;
}

/** What the documents module gives its routes: attachments, the PDF, e-mail and messages. */
export interface DocumentsGiven {
  /** The order a PDF is made of. */
  orders: Pick<PurchaseOrderCommands, 'get'>;
  attachments: AttachmentCommands;
  documents: DocumentCommands;
  messages: MessageCommands;
}
