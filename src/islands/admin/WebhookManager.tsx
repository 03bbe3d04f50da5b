// The Webhooks page (admins only): the endpoints the shop reports its events to, a form that adds
// one and shows its signing secret once, enable/pause and delete for each (not for the one the
// environment defines), and an endpoint's delivery log with "Redeliver".
import { useState } from 'react';
import { call, webhookClient } from '#lib/admin/client.ts';
import type { WebhookEndpointRow } from '#lib/admin/webhook-contract.ts';
import type { WebhookStrings } from '#lib/admin/webhook-messages.ts';
import { fill } from '#lib/i18n/format.ts';
import { failureText } from './team/failure.ts';
import { Feedback, useNotice } from './team/Feedback.tsx';
import { NewToken } from './team/NewToken.tsx';
import { useDateTime } from './team/useDateTime.ts';
import { CreateWebhookForm } from './webhooks/CreateWebhookForm.tsx';
import { DeliveryLog } from './webhooks/DeliveryLog.tsx';
import { WebhookTable } from './webhooks/WebhookTable.tsx';

export interface WebhookManagerProps {
  endpoints: WebhookEndpointRow[];
  strings: WebhookStrings;
  locale: 'de' | 'en';
}

export function WebhookManager({ endpoints, strings, locale }: WebhookManagerProps) {
  const [rows, setRows] = useState(endpoints);
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpointRow | null>(null);
  const { notice, say } = useNotice();
  const formatDate = useDateTime(locale);
  const failed = (error: unknown) =>
    say(
      'error',
      failureText(error, strings, {
        WEBHOOK_NOT_FOUND: strings['webhooks.notFound'],
        WEBHOOK_FROM_ENV: strings['webhooks.owned'],
      }),
    );

  async function act(row: WebhookEndpointRow, action: 'enable' | 'disable' | 'delete') {
    if (busy !== null) return;
    if (action === 'delete' && !confirm(fill(strings['webhooks.confirmDelete'], { url: row.url }))) return;
    setBusy(row.id);
    try {
      if (action === 'delete') {
        await call(webhookClient.deleteWebhook, { id: row.id });
        setRows((all) => all.filter((r) => r.id !== row.id));
        if (logOf?.id === row.id) setLogOf(null);
        say('ok', fill(strings['webhooks.deleted'], { url: row.url }));
      } else {
        const changed = await call(webhookClient.updateWebhook, { id: row.id, enabled: action === 'enable' });
        setRows((all) => all.map((r) => (r.id === changed.id ? changed : r)));
        say('ok', fill(strings['webhooks.changed'], { url: row.url }));
      }
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  function add(row: WebhookEndpointRow, signingSecret: string) {
    setRows((all) => [...all, row]);
    setSecret(signingSecret);
    say('ok', fill(strings['webhooks.created'], { url: row.url }));
  }

  return (
    <div className="team-island team-webhooks">
      <p>{strings['webhooks.intro']}</p>
      <WebhookTable
        rows={rows}
        busy={busy}
        onAction={(row, action) => void act(row, action)}
        onShowLog={setLogOf}
        strings={strings}
      />
      <Feedback notice={notice} />
      {logOf && (
        <DeliveryLog
          key={logOf.id}
          endpoint={logOf}
          formatDate={formatDate}
          strings={strings}
          onClose={() => setLogOf(null)}
        />
      )}
      {secret && <NewToken token={secret} strings={strings} />}
      <CreateWebhookForm strings={strings} onCreated={add} />
    </div>
  );
}
