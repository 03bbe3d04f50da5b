// Where each profile operation lives: method and path only (see src/lib/http/route.ts).
import { route } from '../http/route.ts';

export const profileRoutes = {
  get: route('GET', '/api/account/profile'),
  update: route('POST', '/api/account/profile'),
  requestEmailChange: route('POST', '/api/account/email-change'),
  confirmEmailChange: route('POST', '/api/account/email-change-confirm'),
} as const;
