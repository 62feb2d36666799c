/** Runs `work` over `items`, at most `limit` at a time; rejects with the first failure once all have ended. */
export async function inParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index).catch((err: unknown) => void errors.push(err));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (errors.length > 0) throw errors[0];
}
