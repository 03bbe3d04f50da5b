// Where each operation on a company's users lives: method and path only (see src/lib/http/route.ts).
import { route } from '../http/route.ts';

export const companyUsersRoutes = {
  list: route('GET', '/api/account/company-users'),
  invite: route('POST', '/api/account/company-users/invite'),
  resend: route('POST', '/api/account/company-users/resend'),
  changeRole: route('POST', '/api/account/company-users/role'),
  setStatus: route('POST', '/api/account/company-users/status'),
  acceptInvitation: route('POST', '/api/account/company-users/accept'),
} as const;
