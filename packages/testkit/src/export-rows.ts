import type { RequestOptions, Reply } from './service-harness';

type Request = (method: string, path: string, body?: unknown, options?: RequestOptions) => Promise<Reply>;

/**
 * A service's export pages (`POST /internal/v1/export-rows/<service>`), read as the exports'
 * worker reads them: `page` asks for one; `readAll` asks from the first page on, each after the
 * previous one's `next`, until the last, and answers the rows with how many pages held them.
 */
export function exportRowsOf(harness: () => { request: Request }, service: string) {
  const page = (body: Record<string, unknown>, orgId?: string) =>
    harness().request(
      'POST',
      `/export-rows/${service}`,
      { filters: {}, after: null, limit: 2, ...body },
      { base: '/internal/v1', ...(orgId ? { orgId } : {}) },
    );
  const readAll = async <R = Record<string, unknown>>(
    resource: string,
    filters: Record<string, unknown> = {},
    limit = 2,
    orgId?: string,
  ): Promise<{ rows: R[]; pages: number; sizes: number[] }> => {
    const rows: R[] = [];
    const sizes: number[] = [];
    let after: string | null = null;
    do {
      const res = await page({ resource, filters, after, limit }, orgId);
      if (res.status !== 200) throw new Error(`export rows: ${res.status} ${await res.text()}`);
      const answer = res.body as { rows: R[]; next: string | null };
      rows.push(...answer.rows);
      sizes.push(answer.rows.length);
      after = answer.next;
    } while (after);
    return { rows, pages: sizes.length, sizes };
  };
  return { page, readAll };
}
