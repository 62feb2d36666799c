import type { WebhookDelivery } from '@stockyard/contracts';

export interface NewAttempt {
  delivery: WebhookDelivery;
  attempt: WebhookDelivery['attempts'][number];
}

/**
 * The attempts not printed yet, oldest first. `printed` maps a delivery id to how many of its
 * attempts were printed and is updated in place.
 */
export function unseenAttempts(deliveries: WebhookDelivery[], printed: Map<string, number>): NewAttempt[] {
  const fresh: NewAttempt[] = [];
  for (const delivery of deliveries) {
    const done = printed.get(delivery.id) ?? 0;
    for (const attempt of delivery.attempts.slice(done)) fresh.push({ delivery, attempt });
    printed.set(delivery.id, Math.max(done, delivery.attempts.length));
  }
  return fresh.sort((a, b) => a.attempt.at.localeCompare(b.attempt.at));
}

const time = (iso: string) => iso.slice(11, 23);

/** One line per attempt: `12:00:01.250  --> inventory.availability_changed [dlv_…] #2  200 OK  (35 ms)`. */
export function formatAttempt({ delivery, attempt }: NewAttempt, color: boolean): string {
  const ok = attempt.responseStatus !== null && attempt.responseStatus >= 200 && attempt.responseStatus < 300;
  const paint = (code: number, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const outcome = ok
    ? paint(32, `${attempt.responseStatus} OK`)
    : paint(31, attempt.error ?? `HTTP ${attempt.responseStatus}`);
  const last = delivery.attempts[delivery.attempts.length - 1] === attempt;
  let tail = '';
  if (!ok && last && delivery.status === 'pending' && delivery.nextAttemptAt)
    tail = `  next attempt ${delivery.nextAttemptAt}`;
  if (!ok && last && delivery.status === 'failed')
    tail = '  delivery failed (replay: POST /webhooks/deliveries/<id>/replay)';
  return (
    `${time(attempt.at)}  --> ${delivery.event} [${delivery.id}] #${attempt.number}  ` +
    `${outcome}  (${attempt.durationMs} ms)${tail}`
  );
}
