// requisitionListsApi.share (src/lib/requisition-lists/contract.ts) says what this endpoint takes and answers.
import { requisitionLists } from '#lib/server/requisition-lists/index.ts';

export const POST = requisitionLists.share;
