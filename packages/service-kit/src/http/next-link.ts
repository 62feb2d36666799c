import type { Request, Response } from 'express';

/** Query parameters a next page's link leaves out: its place is the cursor, not an offset. */
const PLACE = new Set(['offset', 'skip', 'startingAfter']);

/**
 * Sets `Link: <…?startingAfter=…>; rel="next"` for a page followed by another: the request's own
 * query (its filters and `limit`) with the cursor in place of any offset. None on the last page.
 */
export function setNextLink(req: Request, res: Response, next: string | null): void {
  if (next === null) return;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(req.query)) {
    if (PLACE.has(name) || typeof value !== 'string') continue;
    query.set(name, value);
  }
  query.set('startingAfter', next);
  res.setHeader('Link', `<${req.baseUrl}${req.path}?${query.toString()}>; rel="next"`);
}
