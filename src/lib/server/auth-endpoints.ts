// The endpoints under src/pages/api/auth, wired to the process database and the cart. They live above
// both domains: signing in hands the guest cart over to the account, while the cart itself prices for
// the shopper the auth domain's session names (src/lib/server/shopper.ts), so neither domain's index
// can wire the other without a circle.
import { getDb } from './db/index.ts';
import { authRoutes, siteFeatures } from './auth/index.ts';
import { cartHandOver } from './cart/index.ts';

export const auth = authRoutes({ db: getDb, features: siteFeatures, cart: cartHandOver });
