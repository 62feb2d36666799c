import amqp from 'amqplib';

export interface TappedEvent {
  id: string;
  name: string;
  orgId: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read payload fields freely
  payload: Record<string, any>;
}

/** Every event published on `exchange` whose routing key matches one of `patterns`, as it arrives. */
export async function tapEvents(amqpUrl: string, exchange: string, patterns: string[] = ['#']) {
  const connection = await amqp.connect(amqpUrl);
  const channel = await connection.createChannel();
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true });
  for (const pattern of patterns) await channel.bindQueue(queue, exchange, pattern);
  const events: TappedEvent[] = [];
  await channel.consume(queue, (msg) => msg && events.push(JSON.parse(msg.content.toString()) as TappedEvent), {
    noAck: true,
  });
  return {
    events,
    /** The events of one name so far (payloads). */
    named: (name: string) => events.filter((e) => e.name === name),
    async close() {
      await connection.close();
    },
    /** Deletes the named queues and the exchange (a test's clean-up), then closes. */
    async dispose(queues: readonly string[]) {
      for (const q of queues) await channel.deleteQueue(q);
      await channel.deleteExchange(exchange);
      await connection.close();
    },
  };
}
