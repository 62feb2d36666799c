/**
 * What changed between two states of a resource, field by field, as flat paths: `status`,
 * `lines[ln_1].quantityReceived`, `address.city`. Objects are walked; arrays of objects with an
 * `id` are matched by it (a line added, removed or changed is its own path); any other array is
 * one value. Secrets are never recorded: a field named as one changes to `[redacted]` both ways.
 */
type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/** Field names that hold secrets wherever they appear (a webhook's secret, a key's hash). */
const SECRET_NAMES =
  /^(secret|secrets|secretHash|keyHash|password|token|plaintext|credentials)$|(Secret|Password|Token)$/;
const REDACTED = '[redacted]';
/** Bookkeeping every aggregate has, not what anyone changed. */
const SKIPPED = new Set(['version', 'createdAt', 'updatedAt', 'outbox', 'outboxPending', 'outboxAt', 'orgId', 'id']);

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
const keyed = (v: unknown): v is (Plain & { id: string })[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => isPlain(x) && typeof x.id === 'string');

/** Whether a value is stored in the trail as it is: nothing in it is a date or undefined. */
function asIs(v: unknown): boolean {
  if (v === undefined || v instanceof Date) return false;
  if (Array.isArray(v)) return v.every(asIs);
  if (isPlain(v)) return Object.values(v).every(asIs);
  return true;
}

/**
 * A value as the trail stores it: dates as ISO strings, undefined as null. Most values (a line,
 * a list of terms) hold neither and are kept as they are, not copied: states are immutable.
 */
const recorded = (v: unknown): unknown => {
  if (asIs(v)) return v;
  if (v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map(recorded);
  if (isPlain(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, recorded(x)]));
  return v;
};

/**
 * Whether two values are recorded alike (dates by their instant, undefined as null), compared in
 * place: the walk asks this at every level, and a changed field's whole value stringified at each
 * one cost a stock level's write more than its own decision.
 */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a == null || b == null) return a == null && b == null;
  if (a instanceof Date || b instanceof Date) return recorded(a) === recorded(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => same(x, b[i]));
  }
  if (!isPlain(a) || !isPlain(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (!same(a[k], b[k])) return false;
  return true;
}

function walk(path: string, before: unknown, after: unknown, secrets: ReadonlySet<string>, out: FieldChanges): void {
  if (same(before, after)) return;
  const name = path.slice(path.lastIndexOf('.') + 1).replace(/\[.*$/, '');
  if (secrets.has(name) || SECRET_NAMES.test(name)) {
    out[path] = { before: before === undefined || before === null ? null : REDACTED, after: REDACTED };
    return;
  }
  if (isPlain(before) && isPlain(after)) {
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)]))
      walk(`${path}.${k}`, before[k], after[k], secrets, out);
    return;
  }
  if ((keyed(before) || before == null || (Array.isArray(before) && before.length === 0)) && keyed(after)) {
    byId(path, (before as Plain[] | null) ?? [], after, secrets, out);
    return;
  }
  if (keyed(before) && Array.isArray(after)) {
    byId(path, before, after as Plain[], secrets, out);
    return;
  }
  out[path] = { before: recorded(before), after: recorded(after) };
}

function byId(path: string, before: Plain[], after: Plain[], secrets: ReadonlySet<string>, out: FieldChanges): void {
  const old = new Map(before.map((x) => [x.id as string, x]));
  const now = new Map(after.map((x) => [x.id as string, x]));
  for (const id of new Set([...old.keys(), ...now.keys()])) {
    const a = old.get(id);
    const b = now.get(id);
    const at = `${path}[${id}]`;
    if (a && b)
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) walk(`${at}.${k}`, a[k], b[k], secrets, out);
    else walk(at, a, b, secrets, out);
  }
}

/**
 * The changes from `before` (null: the resource is new) to `after`, bookkeeping fields left out:
 * the store's own and those the aggregate names (`ignored`: a counter of moves, a pending marker).
 */
export function fieldChanges(
  before: object | null,
  after: object,
  secretFields: readonly string[] = [],
  ignored: ReadonlySet<string> = new Set(),
): FieldChanges {
  const out: FieldChanges = {};
  const secrets = new Set(secretFields);
  const a = (before ?? {}) as Plain;
  const b = after as Plain;
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (SKIPPED.has(k) || ignored.has(k)) continue;
    walk(k, a[k], b[k], secrets, out);
  }
  return out;
}
