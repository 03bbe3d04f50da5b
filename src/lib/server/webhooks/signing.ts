// Standard Webhooks signing (https://www.standardwebhooks.com): the receiver verifies a delivery with
// any of the spec's libraries (the npm `standardwebhooks` package among them) and its endpoint's secret.
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` and the base64 of 32 random bytes (the spec asks for 24 to 64). */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The three headers of one attempt. The timestamp is the attempt's (seconds), not the event's: a
 * receiver refuses a signature older than its tolerance (5 minutes in the reference libraries), and a
 * retry three days later must still pass.
 */
export function signatureHeaders(secret: string, eventId: string, body: string, at: Date): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${eventId}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': eventId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
