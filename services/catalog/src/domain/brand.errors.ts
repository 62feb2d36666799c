import { conflict } from '@stockyard/service-kit';

export const brandNameTaken = () => conflict('A brand with this name already exists', 'brand_name_taken');
export const brandInUse = (count: number) =>
  conflict(`The brand is used by ${count} product(s); move them to another brand first`, 'brand_in_use');
