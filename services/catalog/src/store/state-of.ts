/** A lean document as the aggregate state it stores (`_id` → `id`, the relay's fields dropped). */
export function stateOf<S>(doc: object): S {
  const { _id, outbox: _o, outboxPending: _p, outboxAt: _a, ...fields } = doc as Record<string, unknown>;
  return { ...fields, id: _id } as S;
}
