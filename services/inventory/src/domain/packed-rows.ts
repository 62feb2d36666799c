/**
 * Rows of two ids and a fixed number of exact integers, packed for storage: each column's distinct
 * ids once, newline-separated, and per row, as variable-length integers (7 bits a byte, zigzag for
 * the sign), the first id's index as a step from the row before's, the second id's index and the
 * numbers — about 9 bytes a stock position where float64s took 32 (the store reads every byte of a
 * closing: its cost grows with them). A read resolves each id once and adds numbers without an
 * object per row (a large organization's month closing holds 300,000).
 */
export interface PackedRows {
  /** The first and second columns' ids, in order of first use. */
  ids: [string, string];
  numbers: Uint8Array;
}

/** A row as a read gives it: its numbers are `numbers[0]` to `numbers[width - 1]`, read before returning. */
type RowVisit = (first: string, second: string, numbers: readonly number[]) => void;

/** Each integer packed is within ±2^52 (amounts in cents and quantities in units stay far below). */
const LIMIT = 2 ** 52;
/** The most bytes one packed integer takes (zigzag of ±2^52 fits 54 bits). */
const MAX_BYTES = 8;

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

/** Bytes written one integer at a time. */
class Writer {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  int(n: number): void {
    if (!Number.isInteger(n) || Math.abs(n) > LIMIT)
      throw new RangeError(`cannot pack ${n}: not an integer within ±2^52`);
    let z = n >= 0 ? 2 * n : -2 * n - 1;
    while (z >= 128) {
      this.bytes[this.at++] = (z % 128) | 128;
      z = Math.floor(z / 128);
    }
    this.bytes[this.at++] = z;
  }

  written(): Uint8Array {
    return this.bytes.slice(0, this.at);
  }
}

export function packRows<T>(
  rows: readonly T[],
  width: number,
  cells: (row: T) => [string, string, ...number[]],
): PackedRows {
  const [first, second] = [new Dictionary(), new Dictionary()];
  const out = new Writer(new Uint8Array(rows.length * (2 + width) * MAX_BYTES));
  let previous = 0;
  for (const row of rows) {
    const [a, b, ...values] = cells(row);
    const index = first.of(a);
    out.int(index - previous);
    previous = index;
    out.int(second.of(b));
    for (const value of values) out.int(value);
  }
  return { ids: [first.ids.join('\n'), second.ids.join('\n')], numbers: out.written() };
}

/** Each packed row, in the order written; only those of one second-column id when named. */
export function eachRow(packed: PackedRows, width: number, visit: RowVisit, onlySecond?: string): void {
  const [first, second] = packed.ids.map((ids) => ids.split('\n')) as [string[], string[]];
  const only = onlySecond === undefined ? -1 : second.indexOf(onlySecond);
  if (onlySecond !== undefined && only < 0) return;
  const bytes = packed.numbers;
  const numbers = new Array<number>(width).fill(0);
  let at = 0;
  const int = () => {
    let z = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = bytes[at++]!;
      z += (byte & 127) * scale;
      scale *= 128;
    } while (byte >= 128);
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  };
  let index = 0;
  while (at < bytes.length) {
    index += int();
    const secondIndex = int();
    for (let k = 0; k < width; k++) numbers[k] = int();
    if (only < 0 || secondIndex === only) visit(first[index]!, second[secondIndex]!, numbers);
  }
}
