import type { DocumentsGiven } from './documents.module';
import type { PurchaseOrdersGiven } from './purchase-orders.module';

/** What purchasing's modules give their routes and consumers (built in app.ts), by module. */
export interface PurchasingDeps {
  purchaseOrders: PurchaseOrdersGiven;
  /** Attachments, the PDF, e-mail and messages. */
  documents: DocumentsGiven;
}
