import { conflict, notFound } from '@stockyard/service-kit';

/**
 * Every error about warehouses and bins, one factory per case (the README lists the codes;
 * test/error-codes.spec.ts keeps the two in step).
 */

export const warehouseNotFound = () => notFound('Warehouse');

export const binNotFound = () => notFound('Bin');

export const warehouseDeleted = (warehouseId: string) =>
  conflict(`Warehouse ${warehouseId} is deleted`, 'warehouse_deleted');

export const warehouseNotEmpty = (warehouseId: string, variantId: string) =>
  conflict(`Warehouse ${warehouseId} still holds stock of ${variantId}`, 'warehouse_not_empty');

export const binNotEmpty = (binId: string, variantId: string) =>
  conflict(`Bin ${binId} still holds stock of ${variantId}`, 'bin_not_empty');

export const binNameTaken = (name: string) =>
  conflict(`A bin named "${name}" already exists in this warehouse`, 'bin_name_taken');

export const warehouseCodeTaken = (code: string) =>
  conflict(`Another live warehouse of this organization has the code "${code}"`, 'warehouse_code_taken');
