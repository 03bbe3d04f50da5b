// The query parameter that carries a guest order's access secret in mailed links (confirmation, pay
// again). The order page that receives it turns it into an HttpOnly cookie and redirects to its own
// address without it (src/lib/server/orders/access.ts).
export const ORDER_ACCESS_PARAM = 'access';
