import { Schema, type Connection } from 'mongoose';

/** A sales channel's listing; `_id` is derived from the channel and its external ids (domain/listing.ts). */
const listingSchema = new Schema(
  {
    _id: { type: String },
    orgId: { type: String, required: true },
    channelId: { type: String, required: true },
    productId: { type: String, required: true },
    variantId: { type: String, default: null },
    externalProductId: { type: String, required: true },
    externalVariantId: { type: String, default: null },
    externalParentId: { type: String, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'listings', versionKey: false },
);
// A channel's listings in order, optionally of one product or parent; GET /products?channelId=.
listingSchema.index({ orgId: 1, channelId: 1, createdAt: 1, _id: 1 });
listingSchema.index({ orgId: 1, channelId: 1, productId: 1, createdAt: 1, _id: 1 });
listingSchema.index({ orgId: 1, channelId: 1, externalParentId: 1, createdAt: 1, _id: 1 });
// Family candidates (listings with a parent), and listings naming variants (a conversion's warning).
listingSchema.index({ orgId: 1, externalParentId: 1, channelId: 1 });
listingSchema.index({ orgId: 1, variantId: 1 });

export const listingModel = (connection: Connection) => connection.model('Listing', listingSchema);
export type ListingModel = ReturnType<typeof listingModel>;
