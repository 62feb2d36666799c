import { Schema, type Connection } from 'mongoose';

const brandSchema = new Schema(
  {
    _id: { type: String },
    orgId: { type: String, required: true },
    version: { type: Number, required: true },
    name: { type: String, required: true },
    nameKey: { type: String, required: true },
    createdAt: { type: Date },
    updatedAt: { type: Date },
  },
  { collection: 'brands', versionKey: false },
);
// Unique per organization (the insert is atomic on FerretDB); also the list's sort.
brandSchema.index({ orgId: 1, nameKey: 1 }, { unique: true });

export const brandModel = (connection: Connection) => connection.model('Brand', brandSchema);
export type BrandModel = ReturnType<typeof brandModel>;
