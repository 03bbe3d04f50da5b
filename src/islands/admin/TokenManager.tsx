// The API tokens page (admins only): the tokens outside systems use for the content and catalog
// APIs, a form that creates one and shows it once, and "Revoke" for each that still works. A token
// is revoked, never deleted, so the list keeps saying which one was used when.
import { useState } from 'react';
import { adminClient, call } from '#lib/admin/client.ts';
import type { TokenRow } from '#lib/admin/contract.ts';
import type { TeamStrings } from '#lib/admin/team-messages.ts';
import { fill } from '#lib/i18n/format.ts';
import { CreateTokenForm } from './team/CreateTokenForm.tsx';
import { failureText } from './team/failure.ts';
import { Feedback, useNotice } from './team/Feedback.tsx';
import { NewToken } from './team/NewToken.tsx';
import { TokenTable } from './team/TokenTable.tsx';
import { useDateTime } from './team/useDateTime.ts';

export interface TokenManagerProps {
  tokens: TokenRow[];
  strings: TeamStrings;
  locale: 'de' | 'en';
}

export function TokenManager({ tokens, strings, locale }: TokenManagerProps) {
  const [rows, setRows] = useState(tokens);
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const { notice, say } = useNotice();
  const formatDate = useDateTime(locale);

  async function revoke(row: TokenRow) {
    if (busy !== null || !confirm(fill(strings['tokens.confirmRevoke'], { name: row.name }))) return;
    setBusy(row.id);
    try {
      const revoked = await call(adminClient.revokeToken, { id: row.id });
      setRows((all) => all.map((r) => (r.id === revoked.id ? revoked : r)));
      say('ok', fill(strings['tokens.revoked'], { name: row.name }));
    } catch (error) {
      say('error', failureText(error, strings, { TOKEN_NOT_FOUND: strings['tokens.notFound'] }));
    } finally {
      setBusy(null);
    }
  }

  function add(row: TokenRow, token: string) {
    setRows((all) => [...all, row]);
    setCreated(token);
    say('ok', fill(strings['tokens.created'], { name: row.name }));
  }

  return (
    <div className="team-island team-tokens">
      <TokenTable
        rows={rows}
        busy={busy}
        onRevoke={(row) => void revoke(row)}
        formatDate={formatDate}
        strings={strings}
      />
      <Feedback notice={notice} />
      {created && <NewToken token={created} strings={strings} />}
      <CreateTokenForm strings={strings} onCreated={add} />
    </div>
  );
}
