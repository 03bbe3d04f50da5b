// Demo product reviews, so the demo's product pages show ratings: published reviews by the demo
// customers of a few fixture products (in their own languages), and one still waiting for moderation.
// Seeded directly (the demo has no orders to buy from); the same rows on every seed.
import type * as schema from '../db/schema.ts';
import { DEMO_FIXTURES } from './fixtures.ts';
import { createRng, DEMO_EPOCH } from './random.ts';

type Review = typeof schema.reviews.$inferInsert;

const C = DEMO_FIXTURES.customers;
const P = DEMO_FIXTURES.products;

interface DemoReview {
  sku: string;
  email: string;
  rating: number;
  title: string;
  body: string;
  locale: string;
  status: 'published' | 'pending';
  daysAgo: number;
}

const REVIEWS: DemoReview[] = [
  {
    sku: P.available,
    email: C.normal.email,
    rating: 5,
    locale: 'de',
    status: 'published',
    daysAgo: 40,
    title: 'Zuverlässig auf jeder Baustelle',
    body: 'Wir haben drei Stück im Einsatz. Der Akku hält einen ganzen Arbeitstag, das Drehmoment reicht für lange Holzschrauben.\nDie Bits sitzen fest im Futter.',
  },
  {
    sku: P.available,
    email: C.excludeTax.email,
    rating: 4,
    locale: 'en',
    status: 'published',
    daysAgo: 21,
    title: 'Solid tool, a little heavy',
    body: 'Good torque and the battery lasts. After a day of overhead work you notice the weight, so four stars.',
  },
  {
    sku: P.specialPrice,
    email: C.acme.email,
    rating: 4,
    locale: 'de',
    status: 'published',
    daysAgo: 33,
    title: 'Kräftig und gut verarbeitet',
    body: 'Bohrt sauber in Beton. Der Koffer könnte stabiler sein, das Gerät selbst überzeugt.',
  },
  {
    sku: P.specialPrice,
    email: C.excludeTax.email,
    rating: 5,
    locale: 'en',
    status: 'published',
    daysAgo: 12,
    title: 'Worth every penny at this price',
    body: 'Bought it on offer for our workshop. Runs smoothly, the depth stop is precise.',
  },
  {
    sku: P.variants[1]!,
    email: C.acme.email,
    rating: 4,
    locale: 'fr',
    status: 'published',
    daysAgo: 18,
    title: 'Confortables et résistants',
    body: 'Bonne prise en main, la taille correspond. Après deux semaines sur le chantier, aucune couture n’a lâché.',
  },
  {
    sku: P.limited,
    email: C.normal.email,
    rating: 3,
    locale: 'de',
    status: 'pending',
    daysAgo: 2,
    title: 'Genau, aber das Display ist dunkel',
    body: 'Misst präzise. In der Sonne ist die Anzeige schwer zu lesen.',
  },
];

/** The demo reviews for the products and customers as seeded (ids by sku and by email). */
export function buildReviews(
  productIds: ReadonlyMap<string, number>,
  customerIds: ReadonlyMap<string, string>,
): Review[] {
  const rng = createRng('reviews');
  return REVIEWS.flatMap((r) => {
    const productId = productIds.get(r.sku);
    const customerId = customerIds.get(r.email);
    const id = rng.uuid();
    if (productId === undefined || customerId === undefined) return [];
    const written = new Date(DEMO_EPOCH - r.daysAgo * 86_400_000);
    const moderated = r.status === 'published' ? new Date(written.getTime() + 86_400_000) : null;
    return [
      {
        id,
        productId,
        customerId,
        rating: r.rating,
        title: r.title,
        body: r.body,
        locale: r.locale,
        status: r.status,
        moderatedAt: moderated,
        createdAt: written,
        updatedAt: written,
      },
    ];
  });
}

/** The skus the demo reviews are of. */
export const REVIEWED_SKUS = [...new Set(REVIEWS.map((r) => r.sku))];
