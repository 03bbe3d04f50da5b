// Typed client for the account area (src/pages/api/orders/list).
import { call } from '../http/client.ts';
import { ordersApi, type OrderList, type OrderListRequest } from './contract.ts';

export type { OrderList };

/** One page of the signed-in customer's orders, newest first, with the total count (401 for guests). */
export async function listOrders(body: OrderListRequest = {}, signal?: AbortSignal): Promise<OrderList> {
  return call(ordersApi.list, body, { signal });
}
