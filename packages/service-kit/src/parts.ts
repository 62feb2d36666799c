/**
 * `read` over the items a part of at most `size` at a time (a peer's or a query's limit per call),
 * the answers joined in the items' order: one part after another, or every part at once when
 * `together` (a part's failure fails the whole read either way).
 */
export async function inParts<T, R>(
  items: readonly T[],
  size: number,
  read: (part: T[]) => Promise<readonly R[]>,
  { together = false }: { together?: boolean } = {},
): Promise<R[]> {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  if (together) return (await Promise.all(parts.map(read))).flat();
  const found: R[] = [];
  for (const part of parts) found.push(...(await read(part)));
  return found;
}
