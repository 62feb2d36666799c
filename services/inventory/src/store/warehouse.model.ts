import { Schema, type Connection, type InferSchemaType } from 'mongoose';

const warehouseSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    name: { type: String, required: true },
    code: { type: String, default: null },
    address: { type: String, default: null },
    deletedAt: { type: Date, default: null },
    version: { type: Number, default: 1 },
  },
  { collection: 'warehouses', timestamps: true, versionKey: false },
);
warehouseSchema.index({ orgId: 1, deletedAt: 1, createdAt: 1 });

const binSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    warehouseId: { type: String, required: true },
    name: { type: String, required: true },
    version: { type: Number, default: 1 },
  },
  { collection: 'bins', timestamps: true, versionKey: false },
);
// A bin name is unique within its warehouse; the unique insert is atomic even on FerretDB.
binSchema.index({ orgId: 1, warehouseId: 1, name: 1 }, { unique: true });

/**
 * Who holds each warehouse code of an organization (`_id` = `<orgId>:<code key>`): the unique
 * `_id` insert is the uniqueness FerretDB guarantees (it has no partial unique index).
 */
const codeClaimSchema = new Schema(
  {
    _id: { type: String, required: true },
    orgId: { type: String, required: true },
    warehouseId: { type: String, required: true },
    code: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'warehouse_code_claims', versionKey: false },
);

export const warehouseModel = (connection: Connection) => connection.model('Warehouse', warehouseSchema);
export const binModel = (connection: Connection) => connection.model('Bin', binSchema);
export const codeClaimModel = (connection: Connection) => connection.model('WarehouseCodeClaim', codeClaimSchema);
export type CodeClaimModel = ReturnType<typeof codeClaimModel>;
export type WarehouseModel = ReturnType<typeof warehouseModel>;
export type BinModel = ReturnType<typeof binModel>;
/** A stored warehouse, as the schema declares it (timestamps included). */
export type WarehouseDoc = InferSchemaType<typeof warehouseSchema>;
