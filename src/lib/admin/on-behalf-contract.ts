// Ordering on behalf (docs/accounts.md): a sales staff member finds a company user in the workspace and
// opens that user's session in their own browser. The workspace's customer list posts the same
// operation as a plain form (src/pages/admin/customers.astro).
import { z } from 'astro/zod';
import { operation } from '../http/contract.ts';
import { route } from '../http/route.ts';

const onBehalfRoutes = {
  start: route('POST', '/api/admin/on-behalf'),
} as const;

export const onBehalfApi = {
  start: operation({
    ...onBehalfRoutes.start,
    request: z.object({ userId: z.uuid() }).strict(),
    /** Where the shop continues for that user: the home page in the user's language. */
    response: z.object({ ok: z.literal(true), location: z.string() }),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'COMPANY_USER_NOT_FOUND'],
  }),
};
