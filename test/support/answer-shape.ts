/**
 * The key paths of a JSON answer (`data[].id`, `missing.ids`): an object's keys, an array's
 * items under `[]`; a null or a primitive adds none. Two answers of one shape have the same set.
 */
export function keyPaths(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => keyPaths(item, `${at}[]`)))].sort();
  if (value === null || typeof value !== 'object') return [];
  const paths = Object.entries(value).flatMap(([key, inner]) => {
    const path = at ? `${at}.${key}` : key;
    return [path, ...keyPaths(inner, path)];
  });
  return [...new Set(paths)].sort();
}
