// catalogApi.prices (src/lib/catalog/contract.ts) says what this endpoint takes and answers. A guest's
// call is answered by the server front once this module has loaded (src/lib/server/front-routes.ts).
import { catalog, guestPricesRoute } from '#lib/server/catalog/index.ts';
import { registerFrontRoute } from '#lib/server/front-routes.ts';

registerFrontRoute(guestPricesRoute);

export const POST = catalog.prices;
