// The shop's API tokens: what each may do, when it was made and last used, and whether it still
// works. Only the name and the scopes are kept in the clear; the token itself was shown once.
import type { TokenRow } from '#lib/admin/contract.ts';
import type { TeamStrings } from '#lib/admin/team-messages.ts';
import { fill } from '#lib/i18n/format.ts';

interface Props {
  rows: TokenRow[];
  busy: number | null;
  onRevoke: (row: TokenRow) => void;
  formatDate: (iso: string) => string;
  strings: TeamStrings;
}

export function TokenTable({ rows, busy, onRevoke, formatDate, strings }: Props) {
  if (rows.length === 0) return <p className="team-empty">{strings['tokens.empty']}</p>;
  const time = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDate(iso)}</time> : strings['common.never']);
  return (
    <div className="team-table-wrap" role="region" aria-label={strings['tokens.tableLabel']} tabIndex={0}>
      <table className="team-table">
        <thead>
          <tr>
            <th scope="col">{strings['tokens.column.name']}</th>
            <th scope="col">{strings['tokens.column.scopes']}</th>
            <th scope="col">{strings['tokens.column.created']}</th>
            <th scope="col">{strings['tokens.column.lastUsed']}</th>
            <th scope="col">{strings['tokens.column.status']}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={row.revokedAt ? 'team-row-disabled' : undefined}>
              <th scope="row">{row.name}</th>
              <td>
                <ul className="team-scopes">
                  {row.scopes.map((scope) => (
                    <li key={scope}>{strings[`scope.${scope}`]}</li>
                  ))}
                </ul>
              </td>
              <td>{time(row.createdAt)}</td>
              <td>{time(row.lastUsedAt)}</td>
              <td>
                {row.revokedAt ? (
                  <time dateTime={row.revokedAt}>
                    {fill(strings['tokens.revokedAt'], { at: formatDate(row.revokedAt) })}
                  </time>
                ) : (
                  <div className="team-status-cell">
                    <span>{strings['tokens.active']}</span>
                    <button
                      type="button"
                      className="button secondary"
                      aria-disabled={busy === row.id || undefined}
                      onClick={() => onRevoke(row)}
                      aria-label={fill(strings['tokens.revokeLabel'], { name: row.name })}
                    >
                      {strings['tokens.revoke']}
                    </button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
