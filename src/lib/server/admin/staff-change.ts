// A workspace state change for signed-in staff (`need` the role it takes), served as the JSON endpoint
// (routes.ts) and as a workspace page's plain form (submitForm): the session is checked before the
// request is read, so an anonymous caller gets 401 whatever it sends, a malformed body included.
import type { APIContext } from 'astro';
import type { Db } from '../db/client.ts';
import { getDb } from '../db/index.ts';
import { stateChange, type StateChange } from '../http.ts';
import type { Operation, ParsedRequestOf, ResponseOf } from '#lib/http/contract.ts';
import { staffOf, type StaffActor } from './guard.ts';
import type { StaffNeed } from '#lib/admin/rules.ts';

/** What a workspace change reads of its request: the session, and the address and headers for the language. */
export type StaffContext = Pick<APIContext, 'cookies' | 'request' | 'url'>;
export interface Staff {
  db: Db;
  actor: StaffActor;
}

export function staffChange<O extends Operation>(
  op: O,
  need: StaffNeed,
  handler: (input: ParsedRequestOf<O>, staff: Staff, context: StaffContext) => Promise<ResponseOf<O>>,
): StateChange<O, StaffContext, Staff> {
  const caller = async (context: StaffContext): Promise<Staff> => {
    const db = await getDb();
    return { db, actor: await staffOf(db, context, need) };
  };
  return stateChange(op, (input, context, staff) => handler(input, staff, context), { caller });
}
