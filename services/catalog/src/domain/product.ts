import type { ProductType } from '@stockyard/contracts';
import type { Aggregate } from '@stockyard/service-kit';

/** A variant lives inside its product's document (one aggregate: one write, one set of events). */
export interface VariantState {
  id: string;
  sku: string | null;
  name: string | null;
  options: Record<string, string>;
  price: number | null;
  cost: number | null;
  weight: number | null;
  barcodes: string[];
  position: number;
  /** The variant the product's own sku, price and cost are (SIMPLE, BUNDLE, ASSEMBLY). */
  isDefault: boolean;
  /** Set by the channels side when a source SKU is linked to it (see README: matched). */
  sourceLinked: boolean;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface Component {
  variantId: string;
  quantity: number;
}

export interface Bom {
  version: number;
  active: boolean;
  rows: Component[];
  createdAt: Date;
}

export interface Image {
  url: string;
  position: number;
}

export interface Dimensions {
  length: number;
  width: number;
  height: number;
  unit: string;
}

export interface ProductState extends Aggregate {
  id: string;
  type: ProductType;
  name: string;
  description: string | null;
  brandId: string | null;
  categoryId: string | null;
  sku: string | null;
  upc: string | null;
  gtin: string | null;
  mpn: string | null;
  price: number | null;
  cost: number | null;
  weight: number | null;
  dimensions: Dimensions | null;
  images: Image[];
  customFields: Record<string, unknown>;
  archived: boolean;
  matched: boolean;
  enriched: boolean;
  deletedAt: Date | null;
  /** Variants, live and soft-deleted (a FAMILY has none). */
  variants: VariantState[];
  /** BUNDLE rows. */
  components: Component[];
  /** ASSEMBLY BOMs: one active, older versions inactive. */
  boms: Bom[];
  /** A SIMPLE product under a FAMILY: the family's id and the child's position. */
  parentId: string | null;
  position: number | null;
  // Derived fields, kept for queries and indexes (see product-derived.ts).
  margin: number | null;
  skuKeys: string[];
  barcodeKeys: string[];
  variantIds: string[];
  componentVariantIds: string[];
  createdAt?: Date;
  updatedAt?: Date;
}

export type { ProductType };
