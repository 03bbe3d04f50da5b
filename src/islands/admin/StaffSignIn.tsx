// Staff sign-in: e-mail and password through the workspace client, then on to the page the editor
// wanted (`next`). The island hydrates at once (client:load); the form still says method="post",
// so a press before that does not put the password into the address bar as a GET form would.
import { useState, type FormEvent } from 'react';
import { adminClient, ApiClientError, call } from '#lib/admin/client.ts';
import type { TeamStrings } from '#lib/admin/team-messages.ts';
import { fill } from '#lib/i18n/format.ts';
import { TextField } from '../shared/TextField.tsx';
import { failureText } from './team/failure.ts';

export interface StaffSignInProps {
  /** Where to go once signed in: a path of this site. */
  next: string;
  strings: TeamStrings;
}

/**
 * Only a path of this site: `next` comes from the address, and following any other would let a
 * crafted link send a freshly signed-in editor to someone else's page.
 */
function safeNext(next: string): string {
  return next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/admin';
}

/** "Try again in N minutes": the server says when in seconds; a started minute counts. */
function tooManyText(error: ApiClientError, strings: TeamStrings): string {
  const seconds = (error.details as { retryAfter?: unknown } | undefined)?.retryAfter;
  const count = Math.max(1, Math.ceil((typeof seconds === 'number' ? seconds : 60) / 60));
  // German and English both use the singular for exactly one, the plural otherwise.
  return fill(strings[count === 1 ? 'signIn.tooMany_one' : 'signIn.tooMany_other'], { count });
}

function signInFailure(error: unknown, strings: TeamStrings): string {
  if (error instanceof ApiClientError && error.code === 'TOO_MANY_ATTEMPTS') return tooManyText(error, strings);
  return failureText(error, strings, {
    INVALID_CREDENTIALS: strings['signIn.invalid'],
    VALIDATION_FAILED: strings['signIn.invalid'],
  });
}

export function StaffSignIn({ next, strings }: StaffSignInProps) {
  const [pending, setPending] = useState(false);
  // A new id per failure: the same message after a second wrong password is announced again.
  const [failure, setFailure] = useState<{ text: string; id: number } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    setPending(true);
    try {
      await call(adminClient.signIn, {
        email: String(data.get('email') ?? ''),
        password: String(data.get('password') ?? ''),
      });
      // The button stays disabled while the next page loads.
      location.assign(safeNext(next));
    } catch (error) {
      setFailure((prev) => ({ text: signInFailure(error, strings), id: (prev?.id ?? 0) + 1 }));
      setPending(false);
    }
  }

  return (
    <form
      className="team-island team-form team-sign-in"
      method="post"
      onSubmit={(e) => void submit(e)}
      aria-busy={pending || undefined}
    >
      <TextField name="email" type="email" label={strings['signIn.email']} autoComplete="username" maxLength={254} />
      <TextField
        name="password"
        type="password"
        label={strings['signIn.password']}
        autoComplete="current-password"
        maxLength={256}
      />
      <div role="alert">
        {failure && (
          <p key={failure.id} className="form-error">
            {failure.text}
          </p>
        )}
      </div>
      <button type="submit" className="button primary" disabled={pending}>
        {pending ? strings['signIn.pending'] : strings['signIn.submit']}
      </button>
    </form>
  );
}
