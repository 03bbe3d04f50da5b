// Tells the buyer about a new status report, after its commit and off the ERP's answer: the ERP learns
// that the shop has the report, whether or not the mail server is up. A failed mail is logged; the
// report stays on the order page.
import type { Db } from '../../db/client.ts';
import { shopTitle } from '../../auth/index.ts';
import { inBackground, localeOf, sendOrderStatusMail } from '../../mail/index.ts';
import { orderView } from '../queries.ts';
import { mailAccessToken } from '../access.ts';
import type { AppliedEvent } from './apply.ts';
import { orderDocument } from './read.ts';

export function mailStatusEvent(db: Db, { order, event }: AppliedEvent): void {
  inBackground('order status mail', async () => {
    const pdf = event.document ? await orderDocument(db, order.id, event.document.id) : null;
    const shop = await shopTitle(localeOf(order.locale));
    await sendOrderStatusMail(
      orderView(order),
      event,
      order.locale,
      shop,
      mailAccessToken(order),
      pdf?.content ?? null,
    );
  });
}
