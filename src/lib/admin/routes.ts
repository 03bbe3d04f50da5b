// Where each operation of the editor workspace lives (method and path; the contract adds the schemas).
// The content API for outside systems (GET/PUT/DELETE /api/admin/content/{type}/{identifier}) is not
// here: it speaks HTTP preconditions (ETag, If-Match) rather than this JSON contract.
import { route } from '../http/route.ts';

export const adminRoutes = {
  signIn: route('POST', '/api/admin/sign-in'),
  signOut: route('POST', '/api/admin/sign-out'),
  setPassword: route('POST', '/api/admin/set-password'),
  entries: route('GET', '/api/admin/entries'),
  entry: route('GET', '/api/admin/entry'),
  version: route('GET', '/api/admin/version'),
  saveDraft: route('POST', '/api/admin/draft'),
  discardDraft: route('POST', '/api/admin/draft/discard'),
  publish: route('POST', '/api/admin/publish'),
  rollback: route('POST', '/api/admin/rollback'),
  deleteEntry: route('POST', '/api/admin/entry/delete'),
  staff: route('GET', '/api/admin/staff'),
  addStaff: route('POST', '/api/admin/staff'),
  updateStaff: route('POST', '/api/admin/staff/update'),
  tokens: route('GET', '/api/admin/tokens'),
  createToken: route('POST', '/api/admin/tokens'),
  revokeToken: route('POST', '/api/admin/tokens/revoke'),
} as const;
