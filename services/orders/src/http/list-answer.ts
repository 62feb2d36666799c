import type { StatePage } from '@stockyard/service-kit';

/** A page as the brief's list envelope, each item in its wire shape. */
export const listAnswer = <S, W>(page: StatePage<S>, view: (s: S) => W) => ({
  data: page.data.map(view),
  total: page.total!,
  limit: page.limit,
  offset: page.offset,
});
