/** How long an upstream that refused a connection is left alone before one request probes it. */
export interface DownTimes {
  /** After the first refusal. */
  downMs: number;
  /** The longest wait: each refusal in a row doubles the last, up to this. */
  maxDownMs: number;
}

export const DEFAULT_DOWN_TIMES: DownTimes = { downMs: 1000, maxDownMs: 8000 };

/** One replica of a service, with what the balancer knows about it. */
export interface Member<T> {
  readonly url: string;
  readonly target: T;
  /** Requests sent to it and not finished. */
  inFlight: number;
  /** Connection refusals in a row (0: up). */
  refusals: number;
  /** When a down member may be probed again. */
  downUntil: number;
  /** A down member's probe is under way: nothing else goes to it until it ends. */
  probing: boolean;
}

/**
 * Chooses a replica for each request: the one with the fewest requests in flight among those
 * up (ties in turn, so an idle service sees round-robin). A replica that refused a connection
 * is down for a while (DownTimes), then one request probes it: a connection makes it up again,
 * another refusal keeps it down twice as long. When every replica not tried yet is down, the
 * one down longest is tried anyway: a refused connection costs a millisecond, and refusing the
 * client would cost a request.
 */
export class Balancer<T> {
  readonly members: Member<T>[];
  private turn = 0;

  constructor(
    targets: { url: string; target: T }[],
    private readonly times: DownTimes = DEFAULT_DOWN_TIMES,
    private readonly now: () => number = Date.now,
  ) {
    if (targets.length === 0) throw new Error('a service needs at least one upstream');
    this.members = targets.map(({ url, target }) => ({
      url,
      target,
      inFlight: 0,
      refusals: 0,
      downUntil: 0,
      probing: false,
    }));
  }

  /** The replica for the next request, none of `tried`; undefined when all were tried. */
  pick(tried: ReadonlySet<Member<T>> = new Set()): Member<T> | undefined {
    const members = this.members;
    const now = this.now();
    let best: Member<T> | undefined;
    let fallback: Member<T> | undefined;
    for (let i = 0; i < members.length; i++) {
      const member = members[(this.turn + i) % members.length]!;
      if (tried.has(member)) continue;
      if (this.usable(member, now)) {
        if (!best || member.inFlight < best.inFlight) best = member;
      } else if (!fallback || member.downUntil < fallback.downUntil) fallback = member;
    }
    this.turn = (this.turn + 1) % members.length;
    const chosen = best ?? fallback;
    if (chosen && chosen.refusals > 0) chosen.probing = true;
    return chosen;
  }

  /** A connection to the member was made: it is up. */
  connected(member: Member<T>): void {
    member.refusals = 0;
    member.downUntil = 0;
    member.probing = false;
  }

  /** A connection to the member was refused or cut before anything was sent: it is down. */
  refused(member: Member<T>): void {
    member.refusals++;
    member.probing = false;
    const wait = Math.min(this.times.downMs * 2 ** Math.min(member.refusals - 1, 16), this.times.maxDownMs);
    member.downUntil = this.now() + wait;
  }

  /** A probe that ended without telling (the client left first): the next request may probe. */
  released(member: Member<T>): void {
    member.probing = false;
  }

  private usable(member: Member<T>, now: number): boolean {
    if (member.refusals === 0) return true;
    return !member.probing && member.downUntil <= now;
  }
}
