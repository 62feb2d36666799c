import type { WebhookDelivery } from '@stockyard/contracts';
import { formatAttempt, unseenAttempts } from '../src/cli/tail-format';

const attempt = (number: number, responseStatus: number | null, at: string) => ({
  number,
  at,
  responseStatus,
  durationMs: 12,
  error: responseStatus === 200 ? null : responseStatus === null ? 'ECONNREFUSED' : `HTTP ${responseStatus}`,
  responseBody: null,
});
const delivery = (
  id: string,
  status: WebhookDelivery['status'],
  attempts: WebhookDelivery['attempts'],
  nextAttemptAt: string | null = null,
): WebhookDelivery => ({
  id,
  endpointId: 'we_1',
  eventId: 'evt_1',
  event: 'order.created',
  status,
  attemptCount: attempts.length,
  attempts,
  nextAttemptAt,
  lastError: null,
  payload: {},
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

it('returns only attempts not returned before, oldest first across deliveries', () => {
  const printed = new Map<string, number>();
  const a1 = attempt(1, 500, '2025-01-01T00:00:01.000Z');
  const b1 = attempt(1, 200, '2025-01-01T00:00:00.500Z');
  expect(
    unseenAttempts([delivery('dlv_a', 'pending', [a1]), delivery('dlv_b', 'succeeded', [b1])], printed).map(
      (n) => n.delivery.id,
    ),
  ).toEqual(['dlv_b', 'dlv_a']);
  const a2 = attempt(2, 200, '2025-01-01T00:00:02.000Z');
  expect(
    unseenAttempts([delivery('dlv_a', 'succeeded', [a1, a2]), delivery('dlv_b', 'succeeded', [b1])], printed).map(
      (n) => n.attempt.number,
    ),
  ).toEqual([2]);
});

it('formats an attempt with its outcome and what comes next', () => {
  const failed = attempt(1, null, '2025-01-01T10:00:01.250Z');
  const line = formatAttempt(
    { delivery: delivery('dlv_a', 'pending', [failed], '2025-01-01T10:01:01.250Z'), attempt: failed },
    false,
  );
  expect(line).toBe(
    '10:00:01.250  --> order.created [dlv_a] #1  ECONNREFUSED  (12 ms)  next attempt 2025-01-01T10:01:01.250Z',
  );
  const last = attempt(8, 500, '2025-01-03T00:00:00.000Z');
  expect(formatAttempt({ delivery: delivery('dlv_a', 'failed', [last]), attempt: last }, false)).toMatch(
    /#8 {2}HTTP 500 {2}\(12 ms\) {2}delivery failed/,
  );
});
