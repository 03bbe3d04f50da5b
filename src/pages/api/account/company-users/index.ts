// companyUsersApi.list (src/lib/company-users/contract.ts) says what this endpoint takes and answers.
import { companyUsers } from '#lib/server/company-users/index.ts';

export const GET = companyUsers.list;
