// adminApi.staff and adminApi.addStaff (src/lib/admin/contract.ts) say what this endpoint takes and answers.
import { workspace } from '#lib/server/admin/index.ts';

export const GET = workspace.staff;
export const POST = workspace.addStaff;
