import { notFound } from '@stockyard/service-kit';
import { errors } from './errors';

/**
 * Every error about warehouses and bins, one factory per case (the README lists the codes;
 * test/error-codes.spec.ts keeps the two in step).
 */

export const warehouseNotFound = () => notFound('Warehouse');

export const binNotFound = () => notFound('Bin');

export const warehouseDeleted = (warehouseId: string) =>
  errors.warehouse_deleted(`Warehouse ${warehouseId} is deleted`);

export const warehouseNotEmpty = (warehouseId: string, variantId: string) =>
  errors.warehouse_not_empty(`Warehouse ${warehouseId} still holds stock of ${variantId}`);

export const binNotEmpty = (binId: string, variantId: string) =>
  errors.bin_not_empty(`Bin ${binId} still holds stock of ${variantId}`);

export const binNameTaken = (name: string) =>
  errors.bin_name_taken(`A bin named "${name}" already exists in this warehouse`);

export const warehouseCodeTaken = (code: string) =>
  errors.warehouse_code_taken(`Another live warehouse of this organization has the code "${code}"`);
