// Contracts of the account area's endpoints (spec section 7: orders and order count).
import { z } from 'astro/zod';
import { PAGE_SIZES } from '../catalog/listing.ts';
import { orderSchema } from '../checkout/contract.ts';

/** More than a page of the account's order list ever asks for, few enough to stay one cheap query. */
export const ORDER_LIST_MAX_LIMIT = 50;

export const orderListRequestSchema = z.object({
  limit: z.number().int().min(1).max(ORDER_LIST_MAX_LIMIT).default(PAGE_SIZES.orders),
  offset: z.number().int().min(0).max(1_000_000_000).default(0),
}).strict();
export type OrderListRequest = z.input<typeof orderListRequestSchema>;

/** One page of the signed-in customer's orders, newest first, and how many there are in all. */
export const orderListResponseSchema = z.object({
  orders: z.array(orderSchema),
  count: z.number().int().min(0),
});
export type OrderList = z.infer<typeof orderListResponseSchema>;
