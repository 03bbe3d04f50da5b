// The webhook endpoints: where each sends, which events, how many deliveries wait or were given up,
// and its actions. The endpoint WEBHOOK_URL defines is shown, with why it cannot be changed here.
import type { WebhookEndpointRow } from '#lib/admin/webhook-contract.ts';
import { eventLabelKey, type WebhookStrings } from '#lib/admin/webhook-messages.ts';
import { fill } from '#lib/i18n/format.ts';

interface Props {
  rows: WebhookEndpointRow[];
  busy: number | null;
  onAction: (row: WebhookEndpointRow, action: 'enable' | 'disable' | 'delete') => void;
  onShowLog: (row: WebhookEndpointRow) => void;
  strings: WebhookStrings;
}

export function WebhookTable({ rows, busy, onAction, onShowLog, strings }: Props) {
  if (rows.length === 0) return <p className="team-empty">{strings['webhooks.empty']}</p>;
  return (
    <div className="team-table-wrap" role="region" aria-label={strings['webhooks.tableLabel']} tabIndex={0}>
      <table className="team-table">
        <thead>
          <tr>
            <th scope="col">{strings['webhooks.column.url']}</th>
            <th scope="col">{strings['webhooks.column.events']}</th>
            <th scope="col">{strings['webhooks.column.queue']}</th>
            <th scope="col">{strings['webhooks.column.status']}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={row.enabled ? undefined : 'team-row-disabled'}>
              <th scope="row">
                {row.url}
                {row.fromEnv && <p className="field-hint">{strings['webhooks.fromEnv']}</p>}
              </th>
              <td>
                {row.eventTypes.length === 0
                  ? strings['webhooks.allEvents']
                  : row.eventTypes.map((type) => strings[eventLabelKey(type)]).join(', ')}
              </td>
              <td>
                {row.pending} / {row.dead}
              </td>
              <td>
                <div
                  className="team-status-cell"
                  role="group"
                  aria-label={fill(strings['webhooks.actionsLabel'], { url: row.url })}
                >
                  <span>{strings[row.enabled ? 'webhooks.enabled' : 'webhooks.disabled']}</span>
                  <button type="button" className="button secondary" onClick={() => onShowLog(row)}>
                    {strings['webhooks.showLog']}
                  </button>
                  {!row.fromEnv && (
                    <>
                      <button
                        type="button"
                        className="button secondary"
                        aria-disabled={busy === row.id || undefined}
                        onClick={() => onAction(row, row.enabled ? 'disable' : 'enable')}
                      >
                        {strings[row.enabled ? 'webhooks.disable' : 'webhooks.enable']}
                      </button>
                      <button
                        type="button"
                        className="button secondary"
                        aria-disabled={busy === row.id || undefined}
                        onClick={() => onAction(row, 'delete')}
                      >
                        {strings['webhooks.delete']}
                      </button>
                    </>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
