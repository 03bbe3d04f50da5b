// One requisition list as a CSV download (a link opens it; outside the JSON contracts): semicolons,
// UTF-8 with its mark, cells guarded against formulas, a heading in ?locale= (German by default); the
// list's import reads it back. A list the asker may not see is a 404.
import { requisitionLists } from '#lib/server/requisition-lists/index.ts';

export const GET = requisitionLists.export;
