// One endpoint's latest 50 deliveries: which event, how it went, how often it was tried, what the
// receiver answered last; a delivered or given-up one can be sent again (same event id).
import { useEffect, useId, useState } from 'react';
import { call, webhookClient } from '#lib/admin/client.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '#lib/admin/webhook-contract.ts';
import type { WebhookStrings } from '#lib/admin/webhook-messages.ts';
import { fill } from '#lib/i18n/format.ts';
import { failureText } from '../team/failure.ts';
import { Feedback, useNotice } from '../team/Feedback.tsx';

interface Props {
  endpoint: WebhookEndpointRow;
  formatDate: (iso: string) => string;
  strings: WebhookStrings;
  onClose: () => void;
}

export function DeliveryLog({ endpoint, formatDate, strings, onClose }: Props) {
  const id = useId();
  const [deliveries, setDeliveries] = useState<WebhookDeliveryRow[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const { notice, say } = useNotice();

  useEffect(() => {
    call(webhookClient.webhookDeliveries, { endpoint: endpoint.id }).then(
      (answer) => setDeliveries(answer.deliveries),
      (error: unknown) =>
        say('error', failureText(error, strings, { WEBHOOK_NOT_FOUND: strings['webhooks.notFound'] })),
    );
  }, [endpoint.id, strings, say]);

  async function redeliver(row: WebhookDeliveryRow) {
    if (busy !== null) return;
    setBusy(row.id);
    try {
      const again = await call(webhookClient.redeliver, { id: row.id });
      setDeliveries((all) => all?.map((d) => (d.id === again.id ? again : d)) ?? null);
      say('ok', fill(strings['webhooks.log.redelivered'], { id: row.eventId }));
    } catch (error) {
      say('error', failureText(error, strings, { DELIVERY_PENDING: strings['webhooks.log.pending'] }));
    } finally {
      setBusy(null);
    }
  }

  const response = (row: WebhookDeliveryRow) =>
    [row.lastStatusCode ?? (row.attempts > 0 ? strings['webhooks.log.noAnswer'] : ''), row.lastError]
      .filter(Boolean)
      .join(' · ');

  return (
    <section className="team-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{fill(strings['webhooks.log.title'], { url: endpoint.url })}</h2>
      {deliveries?.length === 0 && <p className="team-empty">{strings['webhooks.log.empty']}</p>}
      {deliveries && deliveries.length > 0 && (
        <div className="team-table-wrap" role="region" aria-labelledby={`${id}-title`} tabIndex={0}>
          <table className="team-table">
            <thead>
              <tr>
                <th scope="col">{strings['webhooks.log.event']}</th>
                <th scope="col">{strings['webhooks.log.status']}</th>
                <th scope="col">{strings['webhooks.log.attempts']}</th>
                <th scope="col">{strings['webhooks.log.response']}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    {row.eventType}
                    <p className="field-hint">
                      <code>{row.eventId}</code> · <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time>
                    </p>
                  </th>
                  <td>
                    {strings[`webhooks.log.status.${row.status}`]}
                    {row.nextAttemptAt && (
                      <p className="field-hint">
                        {fill(strings['webhooks.log.next'], { at: formatDate(row.nextAttemptAt) })}
                      </p>
                    )}
                  </td>
                  <td>{row.attempts}</td>
                  <td>
                    <div className="team-status-cell">
                      <span>{response(row)}</span>
                      {row.status !== 'pending' && (
                        <button
                          type="button"
                          className="button secondary"
                          aria-disabled={busy === row.id || undefined}
                          aria-label={fill(strings['webhooks.log.redeliverLabel'], { id: row.eventId })}
                          onClick={() => void redeliver(row)}
                        >
                          {strings['webhooks.log.redeliver']}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Feedback notice={notice} />
      <button type="button" className="button secondary" onClick={onClose}>
        {strings['webhooks.log.close']}
      </button>
    </section>
  );
}
