// Who may do what in the editor workspace, and which entries it can edit: pure rules, used by the
// server to decide and by the workspace to show only what the signed-in person may use.
import { contentSchemas, pageConfigSchema, type ContentConfigSchemas } from '../content/schemas.ts';

export const STAFF_ROLES = ['editor', 'admin', 'sales'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What a workspace page or operation needs: content work (editors), the people and integrations
 * (admins), or acting for customers (sales: ordering on behalf, docs/accounts.md). An admin may do
 * all three; an editor and a sales user only their own part.
 */
export type StaffNeed = 'editor' | 'admin' | 'sales';

const ROLES_FOR: Record<StaffNeed, readonly StaffRole[]> = {
  editor: ['editor', 'admin'],
  admin: ['admin'],
  sales: ['sales', 'admin'],
};

export const staffMay = (role: StaffRole, need: StaffNeed): boolean => ROLES_FOR[need].includes(role);

/**
 * What an API token may do: read content, write content (and publish it), write product and category
 * texts, read orders (the ERP's export). A token never manages staff or other tokens: that needs a
 * person signed in as admin.
 */
export const TOKEN_SCOPES = ['content:read', 'content:write', 'catalog:write', 'orders:read', 'orders:write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

type ConfigKey = keyof ContentConfigSchemas;

/**
 * The schema an entry's config must pass, or null for an entry the workspace has no editor for;
 * `imageHosts` are the hosts the operator allows pictures from (CONTENT_IMAGE_HOSTS).
 */
export function entrySchema(type: string, identifier: string, imageHosts: readonly string[] = []) {
  if (type === 'page') return pageConfigSchema;
  const key = `${type}:${identifier}`;
  const schemas = contentSchemas(imageHosts);
  return key in schemas ? schemas[key as ConfigKey] : null;
}

/** Entries whose `content` is HTML the shop shows (sanitized); every other entry has none. */
const HTML_ENTRIES = new Set(['block:top-banner', 'block:notification-bar', 'block:cart-header']);

export const holdsHtml = (type: string, identifier: string): boolean =>
  type === 'page' || HTML_ENTRIES.has(`${type}:${identifier}`);

/** What the workspace may delete: a content page, or a language's own row (the all-languages row of a block or setting serves every language). */
export const mayDelete = (key: { type: string; locale: string }): boolean => key.type === 'page' || key.locale !== '';
