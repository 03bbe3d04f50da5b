// "Add endpoint": its address and the events it wants (none chosen: all of them, future ones too).
import { useId, useState, type FormEvent } from 'react';
import { call, webhookClient } from '#lib/admin/client.ts';
import type { WebhookEndpointRow } from '#lib/admin/webhook-contract.ts';
import { eventLabelKey, type WebhookStrings } from '#lib/admin/webhook-messages.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '#lib/webhooks/events.ts';
import { TextField } from '../../shared/TextField.tsx';
import { failureText, fieldIssue } from '../team/failure.ts';
import { Feedback, useNotice } from '../team/Feedback.tsx';

interface Props {
  onCreated: (row: WebhookEndpointRow, secret: string) => void;
  strings: WebhookStrings;
}

export function CreateWebhookForm({ onCreated, strings }: Props) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<WebhookEventType[]>([]);
  const [urlError, setUrlError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const { notice, say, clear } = useNotice();

  const toggle = (type: WebhookEventType, on: boolean) =>
    setTypes((all) =>
      on ? WEBHOOK_EVENT_TYPES.filter((t) => t === type || all.includes(t)) : all.filter((t) => t !== type),
    );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    clear();
    setUrlError(undefined);
    setPending(true);
    try {
      const { secret, ...row } = await call(webhookClient.createWebhook, { url: url.trim(), eventTypes: types });
      onCreated(row, secret);
      setUrl('');
      setTypes([]);
    } catch (error) {
      if (fieldIssue(error, 'url')) setUrlError(strings['webhooks.urlInvalid']);
      else say('error', failureText(error, strings));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className="team-form team-add"
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
      aria-busy={pending || undefined}
    >
      <h2 id={`${id}-title`}>{strings['webhooks.create']}</h2>
      <TextField
        value={url}
        onChange={setUrl}
        label={strings['webhooks.url']}
        autoComplete="url"
        maxLength={2000}
        error={urlError}
      />
      <fieldset className="team-scope-choice" aria-describedby={`${id}-events-hint`}>
        <legend>{strings['webhooks.events']}</legend>
        <p id={`${id}-events-hint`} className="field-hint">
          {strings['webhooks.eventsHint']}
        </p>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <div key={type} className="field field-checkbox">
            <input
              id={`${id}-${type}`}
              type="checkbox"
              checked={types.includes(type)}
              onChange={(e) => toggle(type, e.target.checked)}
            />
            <label htmlFor={`${id}-${type}`}>{strings[eventLabelKey(type)]}</label>
          </div>
        ))}
      </fieldset>
      <Feedback notice={notice} />
      <button type="submit" className="button primary" disabled={pending}>
        {strings['webhooks.createSubmit']}
      </button>
    </form>
  );
}
