/**
 * The store floor's commands (store-floor.ts), made before the clock starts so the floor's own CPU is the
 * driver's, not the cloning's: operation `i` writes the counted documents of one counted operation with
 * every id, and every field of a unique index, made distinct for `i`; the documents it updates or deletes
 * without having inserted them are seeded beforehand, as the flow finds them in place.
 */
import { createHash } from 'node:crypto';
import { mongoose, type StoredDoc } from './store';
import { idKey, type CollectionWrites, type CountedFlow } from './write-count';

const { BSON, ObjectId } = mongoose.mongo;

/**
 * Statements in one update command. Our FerretDB build (v1.24) keeps each statement's read open until
 * the command ends, and SQLite's pool holds 100 connections a database: an update command of about 100
 * statements waits for a connection forever, holding its collection's write lock (seen here twice: a
 * goroutine dump showed 100 open reads and the write waiting in database/sql). 50 a command, as the
 * catalog's import writes its SKUs.
 */
const UPDATES_PER_COMMAND = 50;

/** One command of a step: an insertMany, a bulkWrite of updates, or a deleteMany by ids. */
export type Command =
  | { collection: string; insert: StoredDoc[] }
  | { collection: string; update: { updateOne: { filter: StoredDoc; update: StoredDoc } }[] }
  | { collection: string; deleteIds: unknown[] };

/** An operation: its steps in order, each step's commands. */
export type Operation = Command[][];

export const collectionName = (w: { service: string; collection: string }) => `${w.service}__${w.collection}`;

/** The fields of its unique indexes but `_id`: a clone must differ there too. */
const uniquePaths = (flow: CountedFlow, w: CollectionWrites) =>
  (flow.indexes.get(`${w.service}/${w.collection}`) ?? [])
    .filter((i) => i.unique)
    .flatMap((i) => Object.keys(i.key).filter((k) => k !== '_id'));

const isPlain = (v: unknown): v is StoredDoc =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** A value made distinct for clone `i`, the same for the same value and clone (updates find what was seeded). */
function tagValue(value: unknown, i: number): unknown {
  if (typeof value === 'string' || value === null) return `${value}~${i}`;
  if (typeof value === 'number') return value + (i + 1) * 1_000_003;
  if (Array.isArray(value)) return value.map((v) => tagValue(v, i));
  if (value instanceof ObjectId)
    return new ObjectId(createHash('md5').update(`${value.toHexString()}~${i}`).digest().subarray(0, 12));
  if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tagValue(v, i)]));
  return value;
}

function tagAt(value: unknown, path: string[], i: number): unknown {
  if (path.length === 0) return tagValue(value, i);
  if (Array.isArray(value)) return value.map((v) => tagAt(v, path, i));
  const [head, ...rest] = path as [string, ...string[]];
  return isPlain(value) && head in value ? { ...value, [head]: tagAt(value[head], rest, i) } : value;
}

const clone = (doc: StoredDoc, i: number, unique: string[]): StoredDoc =>
  unique.reduce<StoredDoc>((d, path) => tagAt(d, path.split('.'), i) as StoredDoc, {
    ...doc,
    _id: tagValue(doc._id, i),
  });

const bytesOf = (v: unknown) => Buffer.from(BSON.serialize({ v }));

/** `$set` of the top-level fields that changed, `$unset` of those gone: what a tight writer sends. */
function changes(before: StoredDoc, after: StoredDoc): StoredDoc {
  const same = (a: unknown, b: unknown) => bytesOf(a).equals(bytesOf(b));
  const $set = Object.fromEntries(Object.entries(after).filter(([k, v]) => k !== '_id' && !same(before[k], v)));
  const $unset = Object.fromEntries(
    Object.keys(before)
      .filter((k) => !(k in after))
      .map((k) => [k, '']),
  );
  return Object.keys($unset).length > 0 ? { $set, $unset } : { $set };
}

const counted = (flow: CountedFlow, i: number) => flow.operations[i % flow.operations.length]!;

/** Operation `i`'s commands. */
export function plan(flow: CountedFlow, i: number): Operation {
  return counted(flow, i).map((step) =>
    step.flatMap((w): Command[] => {
      const collection = collectionName(w);
      const unique = uniquePaths(flow, w);
      const commands: Command[] = [];
      if (w.inserted.length > 0) commands.push({ collection, insert: w.inserted.map((d) => clone(d, i, unique)) });
      const updates = w.updated.map(({ before, after }) => {
        const [was, now] = [clone(before, i, unique), clone(after, i, unique)];
        return { updateOne: { filter: { _id: was._id }, update: changes(was, now) } };
      });
      for (let from = 0; from < updates.length; from += UPDATES_PER_COMMAND)
        commands.push({ collection, update: updates.slice(from, from + UPDATES_PER_COMMAND) });
      if (w.deleted.length > 0) commands.push({ collection, deleteIds: w.deleted.map((d) => tagValue(d._id, i)) });
      return commands;
    }),
  );
}

/** The documents operation `i` updates or deletes without having inserted them itself, by collection. */
export function seedFor(flow: CountedFlow, i: number, into: Map<string, StoredDoc[]>): void {
  const present = new Set<string>();
  for (const step of counted(flow, i))
    for (const w of step) {
      const unique = uniquePaths(flow, w);
      const at = (doc: StoredDoc) => `${collectionName(w)} ${idKey(doc._id)}`;
      for (const doc of w.inserted) present.add(at(doc));
      for (const doc of [...w.updated.map((u) => u.before), ...w.deleted]) {
        if (present.has(at(doc))) continue;
        present.add(at(doc));
        const docs = into.get(collectionName(w)) ?? [];
        docs.push(clone(doc, i, unique));
        into.set(collectionName(w), docs);
      }
    }
}
