// The post-order feedback (post order comment) on the thank-you page.
import { useId, useState, type FormEvent } from 'react';
import { postOrderComment } from '#lib/checkout/client.ts';
import { reportFailure } from '#lib/shell/report.ts';
import { TextField } from '../shared/TextField.tsx';
import type { Strings } from './strings.ts';

export const FEEDBACK_KEYS = [
  'checkout.feedback',
  'checkout.feedbackSend',
  'checkout.feedbackThanks',
  'checkout.feedbackError',
  'checkout.validation.required',
] as const;

export interface FeedbackFormProps {
  orderId: string;
  /** Feedback already given for this order. */
  given: string | null;
  strings: Strings<(typeof FEEDBACK_KEYS)[number]>;
}

export function FeedbackForm({ orderId, given, strings }: FeedbackFormProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed' | 'empty'>(given ? 'sent' : 'idle');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (state === 'sending') return;
    if (text.trim() === '') {
      setState('empty');
      document.getElementById(`${id}-form`)?.querySelector('textarea')?.focus();
      return;
    }
    setState('sending');
    try {
      await postOrderComment(orderId, text.trim());
      setState('sent');
    } catch (error) {
      reportFailure('checkout: feedback not sent', error);
      setState('failed');
    }
  }

  if (state === 'sent')
    return (
      <p className="order-feedback" role="status">
        {strings['checkout.feedbackThanks']}
      </p>
    );
  return (
    <form id={`${id}-form`} className="order-feedback checkout-form" noValidate onSubmit={submit}>
      <TextField
        label={strings['checkout.feedback']}
        value={text}
        onChange={(v) => {
          setText(v);
          if (state === 'empty') setState('idle');
        }}
        autoComplete="off"
        multiline
        maxLength={2000}
        error={state === 'empty' ? strings['checkout.validation.required'] : undefined}
      />
      <p className="form-error" role="alert">
        {state === 'failed' ? strings['checkout.feedbackError'] : ''}
      </p>
      <button type="submit" className="button secondary" disabled={state === 'sending'}>
        {strings['checkout.feedbackSend']}
      </button>
    </form>
  );
}
