// Contract: publishApi.publish (src/lib/publish/contract.ts). Signed per Standard Webhooks; outside
// endpoint() because the signature covers the raw body.
import { publishing } from '#lib/server/publish/index.ts';

export const POST = publishing.webhook;
