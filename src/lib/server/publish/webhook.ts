// POST /api/webhooks/publish: verified with the standardwebhooks package (HMAC-SHA256 over
// "id.timestamp.body", five minutes' tolerance either way), then stored and applied once per webhook-id.
import type { APIContext } from 'astro';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { env } from '../env.ts';
import { ApiError, json, parseInput, parseJson, rawEndpoint, readText } from '../http.ts';
import { publishApi } from '#lib/publish/contract.ts';
import { contentProblems } from '../content.ts';
import { LOCALES } from '#lib/i18n/locales.ts';
import { publishAndPurge } from './publish-and-purge.ts';

/** An event naming 10,000 products is about 70 KB. */
const MAX_WEBHOOK_BYTES = 256 * 1024;
const WEBHOOK_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** whsec_… is the Standard Webhooks form (base64 after the prefix); any other secret is used as raw bytes. */
function verifier(secret: string): Webhook {
  return secret.startsWith('whsec_') ? new Webhook(secret) : new Webhook(secret, { format: 'raw' });
}

async function receive({ request }: APIContext): Promise<Response> {
  const secret = env().WEBHOOK_SECRET;
  if (!secret) throw new ApiError('PUBLISHING_DISABLED', 'Publishing is not configured: set WEBHOOK_SECRET', 503);
  const body = await readText(request, MAX_WEBHOOK_BYTES);
  try {
    verifier(secret).verify(body, Object.fromEntries(request.headers), { jsonParse: false });
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    throw new ApiError('WEBHOOK_SIGNATURE_INVALID', `Webhook signature rejected: ${error.message}`, 401);
  }
  const id = request.headers.get('webhook-id')!;
  if (!WEBHOOK_ID.test(id))
    throw new ApiError('VALIDATION_FAILED', 'webhook-id: 1 to 128 letters, digits or ._:-', 400);
  const changes = parseInput(parseJson(body), publishApi.publish.request);
  const problems = await contentProblems(changes.content ?? [], LOCALES);
  if (problems.length > 0) throw new ApiError('CONTENT_INVALID', problems[0]!, 422, problems);
  return json(await publishAndPurge(changes, { id, source: 'webhook' }));
}

export const publishWebhook = rawEndpoint(receive);
