import type { CreateBrand } from '@stockyard/contracts';
import { newId, type Aggregate } from '@stockyard/service-kit';
import { nameKey } from './name-key';

export interface BrandState extends Aggregate {
  id: string;
  name: string;
  /** The name as compared for uniqueness (trimmed, lower case). */
  nameKey: string;
  createdAt?: Date;
  updatedAt?: Date;
}

export const newBrand = (orgId: string, { name }: CreateBrand): Omit<BrandState, 'version'> => ({
  id: newId('brd'),
  orgId,
  name,
  nameKey: nameKey(name),
});

export const renameBrand = (brand: BrandState, name: string): BrandState =>
  brand.name === name ? brand : { ...brand, name, nameKey: nameKey(name) };

export const brandView = ({ id, name, createdAt, updatedAt }: BrandState) => ({ id, name, createdAt, updatedAt });
