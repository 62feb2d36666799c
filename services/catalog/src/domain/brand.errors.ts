import { errors } from './errors';

export const brandNameTaken = () => errors.brand_name_taken('A brand with this name already exists');
export const brandInUse = (count: number) =>
  errors.brand_in_use(`The brand is used by ${count} product(s); move them to another brand first`);
