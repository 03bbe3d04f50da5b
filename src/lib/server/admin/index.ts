// The editor workspace's server side (README, "Editor workspace"): staff, sessions, API tokens, drafts,
// versions and the audit trail. Pages and endpoints use this file only.
export { workspace, contentApi, catalogApi } from './routes.ts';
export { resolveStaffSession } from './sessions.ts';
export { entryDetail, listEntries } from './entries.ts';
export { listStaff } from './staff.ts';
export { listTokens } from './tokens.ts';
export { listWebhooks } from './webhooks.ts';
export { endSessionPreview, previewingSession, startSessionPreview } from './sessions.ts';
// The staff command (scripts/staff.ts) works on a database it opened itself.
export { addStaff, resetStaffPassword, staffByEmail, updateStaff, PASSWORD_LINK_HOURS } from './staff.ts';
export { createToken, revokeToken } from './tokens.ts';
export { adminLocale, type AdminLocale } from './ui-locale.ts';
export { workspacePage, localPath, signInFromForm, signOutFromForm } from './page.ts';
// The catalogue import (src/lib/server/import) checks its callers and audits its runs the same way.
export { apiCallerOf } from './guard.ts';
export { audit, actorName, type Actor } from './audit.ts';
// …and a run whose features bring new filters writes the attributes setting as the content API does.
export { etagOf, putLive } from './content-writes.ts';
// Review moderation (/admin/reviews) and the audit log (/admin/audit).
export { reviewQueueView, queuePath, type FailedModeration } from './moderation-page.ts';
export { auditChoices, auditLogPage } from './audit-log.ts';
// The media library (/admin/media).
export { mediaLibrary } from './media/routes.ts';
export { listMedia } from './media/library.ts';
// The link picker's search (menus, footer, rich text).
export { linkSearch } from './link-routes.ts';
// Ordering on behalf (/admin/customers).
export { CUSTOMER_SEARCH_LIMIT, findCompanyUsers, onBehalfStart, startOnBehalfFromForm } from './customers.ts';
export { staffChange } from './staff-change.ts';
