// Submitting a session form: reads the fields, runs the store action, and keeps what the form shows
// (pending, field errors, form error). After a rejected submit the first invalid field takes focus.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AuthError, FieldErrors } from '#lib/auth/rules.ts';
import type { AuthOutcome } from '#lib/auth/store.ts';

export const fieldText = (data: FormData, name: string): string => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};

export function useAuthForm<F extends string>(action: (data: FormData) => Promise<AuthOutcome<F>>) {
  const formRef = useRef<HTMLFormElement>(null);
  const mounted = useRef(true);
  const [pending, setPending] = useState(false);
  const [fields, setFields] = useState<FieldErrors<F>>({});
  const [error, setError] = useState<AuthError | null>(null);
  // Counts failed submits, so a repeated identical error is announced again (a fresh alert element).
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fields]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const data = new FormData(e.currentTarget);
    setPending(true);
    const outcome = await action(data);
    // A successful login or registration closes the modal, and this form with it.
    if (!mounted.current) return;
    setPending(false);
    setFields(outcome.ok ? {} : outcome.fields);
    setError(outcome.ok ? null : outcome.error);
    if (!outcome.ok) setAttempt((n) => n + 1);
  }

  return { formRef, onSubmit, pending, fields, error, attempt };
}
