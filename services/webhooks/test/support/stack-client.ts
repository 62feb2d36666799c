import { Broker } from '@stockyard/service-kit/events';
import { createLogger } from '@stockyard/service-kit/ops';
import { infraEnv, type Stack } from '@stockyard/testkit';

/** Calls the stack's gateway with a bootstrap admin key, as a partner would. */
export function gatewayClient(stack: Stack, adminKey: string) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.gatewayUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
}

export const DISPATCHER_QUEUES = (exchange: string) => [
  `${exchange}.webhooks.dispatcher`,
  `${exchange}.webhooks.dispatcher.retry.2000`,
  `${exchange}.webhooks.dispatcher.dlq`,
];

/** Stack processes leave their durable queues and exchange behind on the shared broker. */
export async function deleteBrokerTopology(
  exchange: string,
  queues: string[],
  amqpUrl = infraEnv().amqpUrl,
): Promise<void> {
  const broker = new Broker(amqpUrl, exchange, createLogger('cleanup', 'silent'));
  await broker.start();
  for (const queue of queues) await broker.current?.deleteQueue(queue).catch(() => undefined);
  await broker.current?.deleteExchange(exchange).catch(() => undefined);
  await broker.close();
}
