// A company's users and what their role lets them do. A role is a set of permissions; the server asks
// for a permission (src/lib/server/auth/guard.ts), never for a role, so a new role is one line here.

export const ROLES = ['admin', 'buyer', 'approver', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

// seeCredit: the company's credit limit and open balance on account (src/lib/server/orders/credit.ts).
const PERMISSIONS = ['order', 'seeAllOrders', 'manageAddresses', 'manageUsers', 'approve', 'seeCredit'] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  admin: new Set(PERMISSIONS),
  buyer: new Set(['order']),
  // An approver judges the company's orders, so sees them all; ordering stays with the buyers.
  approver: new Set(['seeAllOrders', 'approve']),
  viewer: new Set([]),
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function hasPermission(role: Role, permission: Permission): boolean {
  return GRANTS[role].has(permission);
}
