import { z } from 'zod';

/**
 * The one rule for an id a client names, in a body, a query or a path: 1 to 128 characters,
 * letters, digits and `_ - . :`, starting with a letter or a digit. Our ids (`wh_3kT…`) and
 * the ids partners give variants fit; `%00`, `../..`, spaces and a 10,000-character id do not.
 */
export const ID_MAX_LENGTH = 128;
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;
const ID_RULE = `1 to ${ID_MAX_LENGTH} letters, digits, _ - . or :, starting with a letter or a digit`;

export const isId = (value: string): boolean => value.length <= ID_MAX_LENGTH && ID_PATTERN.test(value);

/** The id rule as a zod schema, for bodies and queries. */
export const idSchema = () => z.string().max(ID_MAX_LENGTH, ID_RULE).regex(ID_PATTERN, ID_RULE);

/** Says what is wrong with a path parameter that is not an id (the message of its 400). */
export const idRuleMessage = ID_RULE;
