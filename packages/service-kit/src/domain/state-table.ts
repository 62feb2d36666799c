import { AppError } from '../errors';

/** Per status, the triggers it accepts and the status each leads to. A status with `{}` is final. */
export type Transitions<S extends string, T extends string> = Readonly<
  Record<S, Readonly<Partial<Record<T, NoInfer<S>>>>>
>;

/**
 * An aggregate's state machine as a table: `next(from, trigger)` is the one check every
 * transition goes through, so the table is the whole truth about what may follow what.
 * An illegal step is a 409 with the aggregate's code, and says from where and by what.
 */
export class StateTable<S extends string, T extends string> {
  constructor(
    /** The aggregate's name in messages (`Delivery`, `Purchase order`). */
    readonly name: string,
    readonly transitions: Transitions<S, T>,
    /** The error code of an illegal step. */
    readonly code = 'invalid_status_transition',
  ) {}

  /** The status `trigger` leads to from `from`, or the 409 that it may not happen. */
  next(from: S, trigger: T): S {
    const to = this.transitions[from]?.[trigger];
    if (to === undefined) {
      throw new AppError('conflict', `${this.name} cannot ${trigger.replace(/_/g, ' ')} while ${from}`, this.code, [
        { field: 'status', code: this.code, message: `from ${from} by ${trigger}` },
      ]);
    }
    return to;
  }

  can(from: S, trigger: T): boolean {
    return this.transitions[from]?.[trigger] !== undefined;
  }

  get statuses(): S[] {
    return Object.keys(this.transitions) as S[];
  }

  get triggers(): T[] {
    const all = new Set<T>();
    for (const status of this.statuses)
      for (const trigger of Object.keys(this.transitions[status])) all.add(trigger as T);
    return [...all];
  }

  /** The statuses from which `trigger` is allowed (for queries that pick candidates). */
  from(trigger: T): S[] {
    return this.statuses.filter((status) => this.can(status, trigger));
  }
}

export const stateTable = <S extends string, T extends string>(
  name: string,
  transitions: Transitions<S, T>,
  code?: string,
): StateTable<S, T> => new StateTable(name, transitions, code);
