// Typed routes of the order operations (src/pages/api/orders) for the browser: the checkout client
// calls them, islands narrow their failures with them.
import { endpoints } from '../http/client.ts';
import type { ordersApi as ordersContract } from './contract.ts';
import { ordersRoutes } from './routes.ts';

export const ordersApi = endpoints<typeof ordersContract>(ordersRoutes);
