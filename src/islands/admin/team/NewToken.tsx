// The token just created, in the clear for the only time: the shop keeps its hash, so a lost
// token cannot be shown again, only revoked and replaced. The field takes the focus, so the
// editor (and a screen reader) lands on it and on the warning tied to it.
import { useEffect, useId, useRef, useState } from 'react';
import type { TeamStrings } from '#lib/admin/team-messages.ts';

interface Props {
  token: string;
  /** The token page's words, or another page's for its own secret (the Webhooks page's signing secret). */
  strings: Pick<
    TeamStrings,
    'tokens.secret' | 'tokens.secretWarning' | 'tokens.copy' | 'tokens.copied' | 'tokens.copyFailed'
  >;
}

export function NewToken({ token, strings }: Props) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);

  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [token]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(token);
      setCopied('ok');
    } catch {
      // No clipboard (a page not served over HTTPS, a refused permission): leave it selected to copy by hand.
      field.current?.select();
      setCopied('failed');
    }
  }

  return (
    <div className="team-new-token">
      <label htmlFor={`${id}-token`}>{strings['tokens.secret']}</label>
      <div className="team-token-row">
        <input
          ref={field}
          id={`${id}-token`}
          type="text"
          readOnly
          value={token}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${id}-warning`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="button secondary" onClick={() => void copy()}>
          {strings['tokens.copy']}
        </button>
      </div>
      <p id={`${id}-warning`} className="team-warning">
        {strings['tokens.secretWarning']}
      </p>
      <p role="status" className="team-copy-status">
        {copied === 'ok' ? strings['tokens.copied'] : copied === 'failed' ? strings['tokens.copyFailed'] : ''}
      </p>
    </div>
  );
}
