// What a failed workspace call tells the editor: the island's own words for the codes it expects,
// the shared ones for what any call may meet (no connection, busy server, ended session), and a
// plain "did not work" for the rest; the server's English message never reaches the page.
import { ApiClientError } from '#lib/admin/client.ts';
import type { ClientErrorCode } from '#lib/http/client.ts';
import type { TeamStrings } from '#lib/admin/team-messages.ts';

export type KnownFailures = Partial<Record<ClientErrorCode, string>>;
/** The shared failures' words: every workspace island's strings hold them (the Import page's too). */
type CommonFailureStrings = Pick<
  TeamStrings,
  'common.failed' | 'common.network' | 'common.busy' | 'common.forbidden' | 'common.unauthenticated'
>;

export function failureText(error: unknown, strings: CommonFailureStrings, known: KnownFailures = {}): string {
  const code = error instanceof ApiClientError ? (error.code as ClientErrorCode) : null;
  if (code === null) return strings['common.failed'];
  const common: KnownFailures = {
    NETWORK_ERROR: strings['common.network'],
    SERVER_BUSY: strings['common.busy'],
    TOO_MANY_REQUESTS: strings['common.busy'],
    FORBIDDEN: strings['common.forbidden'],
    UNAUTHENTICATED: strings['common.unauthenticated'],
  };
  return known[code] ?? common[code] ?? strings['common.failed'];
}

/** The server's message for one field of a 400 VALIDATION_FAILED, if it names that field. */
export function fieldIssue(error: unknown, field: string): string | null {
  if (!(error instanceof ApiClientError) || error.code !== 'VALIDATION_FAILED' || !Array.isArray(error.details))
    return null;
  for (const issue of error.details as unknown[]) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    const first = Array.isArray(path) ? path[0] : path;
    if (first === field && typeof message === 'string') return message;
  }
  return null;
}
