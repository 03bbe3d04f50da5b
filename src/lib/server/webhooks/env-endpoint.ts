// The endpoint the environment defines (WEBHOOK_URL, WEBHOOK_URL_SECRET, WEBHOOK_EVENTS), written at
// start-up: one row marked from_env, updated when the variables change. When WEBHOOK_URL is gone the
// row is disabled and handed to the workspace (which may then delete it, with its delivery log).
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import type { WebhookEventType } from '#lib/webhooks/events.ts';

export interface EnvEndpoint {
  url: string;
  secret: string;
  /** Empty: every event type. */
  eventTypes: readonly WebhookEventType[];
}

export async function applyEnvEndpoint(db: Db, wanted: EnvEndpoint | null): Promise<void> {
  await db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL: one writes, the others then find its row.
    await tx.execute(sql`LOCK TABLE webhook_endpoints IN SHARE ROW EXCLUSIVE MODE`);
    if (!wanted) {
      await tx.execute(sql`UPDATE webhook_endpoints SET enabled = false, from_env = false WHERE from_env`);
      return;
    }
    const types = JSON.stringify([...wanted.eventTypes].sort());
    const updated = await rows(
      tx,
      z.object({ id: z.number() }),
      sql`
      UPDATE webhook_endpoints SET url = ${wanted.url}, secret = ${wanted.secret}, event_types = ${types}::jsonb,
        enabled = true
      WHERE from_env RETURNING id`,
    );
    if (updated.length > 0) return;
    await tx.execute(sql`
      INSERT INTO webhook_endpoints (url, secret, event_types, from_env)
      VALUES (${wanted.url}, ${wanted.secret}, ${types}::jsonb, true)`);
  });
}
