import { errors } from './errors';

/** The errors of the inventory settings (GET/PATCH /inventory-settings). */

export const currencyLocked = (currency: string) =>
  errors.currency_locked(
    `The organization's stock has valuation entries in ${currency}: its currency no longer changes`,
  );
