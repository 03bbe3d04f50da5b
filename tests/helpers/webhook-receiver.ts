// A webhook receiver on loopback, as an ERP's would be: records every delivery with its Standard
// Webhooks headers and answers what the test says (200 by default). It can be stopped and started
// again on the same port, to play a receiver that is down for a while.
import { Webhook } from 'standardwebhooks';
import { listen, readBody, type Listening } from '../fakes/http.ts';

export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** When it arrived (ms since the epoch, the real clock). */
  at: number;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: Received[];
  /** The status the next deliveries get (default 200); called per delivery. */
  answer: (delivery: Received) => number;
  /** How long to take before answering, in ms (default 0): a slow receiver keeps deliveries in flight. */
  delay: () => number;
  /** Every distinct webhook-id received. */
  ids(): Set<string>;
  /** The envelope of a delivery after checking its signature with the standardwebhooks package. */
  verify(delivery: Received, secret: string): unknown;
  stop(): Promise<void>;
  /** Listens again on the same port after stop(). */
  start(): Promise<void>;
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  let server: Listening | null = null;
  const receiver: WebhookReceiver = {
    url: '',
    port,
    received: [],
    answer: () => 200,
    delay: () => 0,
    ids: () => new Set(receiver.received.map((r) => r.id)),
    verify: (delivery, secret) =>
      new Webhook(secret).verify(delivery.body, {
        'webhook-id': delivery.id,
        'webhook-timestamp': delivery.timestamp,
        'webhook-signature': delivery.signature,
      }),
    async stop() {
      await server?.stop();
      server = null;
    },
    async start() {
      server = await listen(async (req, res) => {
        const header = (name: string) => String(req.headers[name] ?? '');
        const delivery: Received = {
          id: header('webhook-id'),
          timestamp: header('webhook-timestamp'),
          signature: header('webhook-signature'),
          body: await readBody(req),
          at: Date.now(),
        };
        receiver.received.push(delivery);
        const wait = receiver.delay();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const status = receiver.answer(delivery);
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(status < 300 ? 'ok' : `receiver says ${status}`);
      }, receiver.port);
      receiver.url = `${server.url}/hooks`;
      receiver.port = Number(new URL(server.url).port);
    },
  };
  await receiver.start();
  return receiver;
}
