// A signed-in user's wishlist (each user of a company keeps their own): rows of wishlist_items, read back as the
// domain Wishlist with names in the shopper's locale. Also resolves the wishlist's product links
// (/p/{id}/{sku}) to the product page's own address.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { productTranslations, products, wishlistItems } from '../db/schema.ts';
import { versionedImage } from '../images/index.ts';
import { DEFAULT_LOCALE, type Locale } from '#lib/i18n/locales.ts';
import type { Wishlist } from '#lib/wishlist/rules.ts';

/** The user's wishlist, oldest first; products taken off the catalogue drop out. */
export async function listWishlist(db: Db, userId: string, locale: Locale): Promise<Wishlist> {
  const own = alias(productTranslations, 'own');
  const fallback = alias(productTranslations, 'fallback');
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      image: products.coverImage,
      qty: wishlistItems.qty,
      name: sql<string>`coalesce(${own.name}, ${fallback.name}, ${products.sku})`,
    })
    .from(wishlistItems)
    .innerJoin(products, and(eq(products.id, wishlistItems.productId), eq(products.isActive, true)))
    .leftJoin(own, and(eq(own.productId, products.id), eq(own.locale, locale)))
    .leftJoin(fallback, and(eq(fallback.productId, products.id), eq(fallback.locale, DEFAULT_LOCALE)))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.productId));
  return {
    items: rows.map((r) => ({
      product: { id: r.id, sku: r.sku, name: r.name, image: versionedImage(r.image) },
      qty: Math.max(1, r.qty),
    })),
  };
}

/**
 * Adds the products with these skus (case-insensitive); ones already on the list stay untouched, so
 * merging a browser's list at sign-in twice changes nothing. Unknown or inactive skus are skipped:
 * a product taken off the catalogue must not make a sign-in fail. Returns the whole list.
 */
export async function addWishlistItems(
  db: Db,
  userId: string,
  skus: readonly string[],
  locale: Locale,
): Promise<Wishlist> {
  const wanted = [...new Set(skus.map((s) => s.toLowerCase()))];
  if (wanted.length > 0) {
    const found = await db
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(and(inArray(sql`lower(${products.sku})`, wanted), eq(products.isActive, true)));
    const idBySku = new Map(found.map((p) => [p.sku.toLowerCase(), p.id]));
    const now = Date.now();
    // One millisecond apart, so the list keeps the order the shopper added them in.
    const rows = wanted.flatMap((sku, i) => {
      const productId = idBySku.get(sku);
      return productId === undefined ? [] : [{ userId, productId, qty: 1, createdAt: new Date(now + i) }];
    });
    // Rows go in by product id: two sign-ins merging at once then take their row locks in the same
    // order; in the shopper's order, PostgreSQL can deadlock them on each other's pending rows.
    rows.sort((a, b) => a.productId - b.productId);
    if (rows.length > 0) await db.insert(wishlistItems).values(rows).onConflictDoNothing();
  }
  return listWishlist(db, userId, locale);
}

/** Removes the product with this sku (case-insensitive) if it is on the list; returns the whole list. */
export async function removeWishlistItem(db: Db, userId: string, sku: string, locale: Locale): Promise<Wishlist> {
  const ids = db
    .select({ id: products.id })
    .from(products)
    .where(eq(sql`lower(${products.sku})`, sku.toLowerCase()));
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, ids)));
  return listWishlist(db, userId, locale);
}
