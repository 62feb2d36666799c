/** Brand and category names are unique per organization compared trimmed and in lower case. */
export const nameKey = (name: string) => name.trim().toLowerCase();
