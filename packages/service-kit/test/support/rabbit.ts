import amqp, { type Channel, type ConsumeMessage } from 'amqplib';

/**
 * A plain amqplib channel of the test's own, beside the code under test: it taps the
 * exchange, inspects queues, and deletes every queue and the exchange at the end.
 */
export async function openRabbit(url: string, exchange: string) {
  const connection = await amqp.connect(url);
  const channel: Channel = await connection.createChannel();
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const queues = new Set<string>();

  return {
    channel,
    /** Queues the code under test declares, to delete at close. */
    own(...names: string[]) {
      for (const name of names) queues.add(name);
    },
    /** A queue bound to the exchange; returns the live list of what it received (acked). */
    async tap(queue: string, pattern = '#'): Promise<ConsumeMessage[]> {
      const received: ConsumeMessage[] = [];
      queues.add(queue);
      await channel.assertQueue(queue, { durable: false });
      await channel.bindQueue(queue, exchange, pattern);
      await channel.consume(queue, (msg) => {
        if (!msg) return;
        received.push(msg);
        channel.ack(msg);
      });
      return received;
    },
    async close() {
      for (const queue of queues) await channel.deleteQueue(queue);
      await channel.deleteExchange(exchange);
      await connection.close();
    },
  };
}

export type Rabbit = Awaited<ReturnType<typeof openRabbit>>;
