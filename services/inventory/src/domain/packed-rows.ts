/**
 * Rows of two ids and a fixed number of exact numbers (integers far below 2^53), packed for storage:
 * each column's distinct ids once, newline-separated, and per row the two ids' indexes and its
 * numbers as little-endian float64s in one buffer. A read resolves each id once and adds numbers it
 * does not parse, without an object per row (a large organization's month closing holds 300,000).
 */
export interface PackedRows {
  /** The first and second columns' ids, in order of first use. */
  ids: [string, string];
  numbers: Uint8Array;
}

/** A row as a read gives it: its numbers are `numbers[at]` to `numbers[at + width - 1]`, read before returning. */
type RowVisit = (first: string, second: string, numbers: Float64Array, at: number) => void;

const WIDTH = 8;

/** Ids by first use, and each id's index. */
class Dictionary {
  readonly ids: string[] = [];
  private readonly index = new Map<string, number>();

  of(id: string): number {
    let at = this.index.get(id);
    if (at === undefined) {
      at = this.ids.length;
      this.ids.push(id);
      this.index.set(id, at);
    }
    return at;
  }
}

export function packRows<T>(
  rows: readonly T[],
  width: number,
  cells: (row: T) => [string, string, ...number[]],
): PackedRows {
  const [first, second] = [new Dictionary(), new Dictionary()];
  const stride = (2 + width) * WIDTH;
  const numbers = new Uint8Array(rows.length * stride);
  const view = new DataView(numbers.buffer);
  rows.forEach((row, i) => {
    const [a, b, ...values] = cells(row);
    view.setFloat64(i * stride, first.of(a), true);
    view.setFloat64(i * stride + WIDTH, second.of(b), true);
    values.forEach((value, k) => view.setFloat64(i * stride + (2 + k) * WIDTH, value, true));
  });
  return { ids: [first.ids.join('\n'), second.ids.join('\n')], numbers };
}

/** Each packed row, in the order written; only those of one second-column id when named. */
export function eachRow(packed: PackedRows, width: number, visit: RowVisit, onlySecond?: string): void {
  const [first, second] = packed.ids.map((ids) => ids.split('\n')) as [string[], string[]];
  const only = onlySecond === undefined ? -1 : second.indexOf(onlySecond);
  if (onlySecond !== undefined && only < 0) return;
  const { numbers: bytes } = packed;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const numbers = new Float64Array(bytes.byteLength / WIDTH);
  for (let i = 0; i < numbers.length; i++) numbers[i] = view.getFloat64(i * WIDTH, true);
  for (let at = 0; at < numbers.length; at += 2 + width) {
    if (only >= 0 && numbers[at + 1] !== only) continue;
    visit(first[numbers[at]!]!, second[numbers[at + 1]!]!, numbers, at + 2);
  }
}
