// What a review may hold and how it is shown, shared by the contract, the account's forms and the
// product page. Reviews are plain text: whatever markup a customer types is shown escaped, as text.
export const REVIEW_LIMITS = { title: 120, body: 4000, rating: { min: 1, max: 5 } } as const;

/** The product page shows this many reviews, newest first, with the count of all. */
export const REVIEWS_SHOWN = 10;

export const REVIEW_STATUSES = ['pending', 'published', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * The field problems a form shows next to its field; the contract's schemas use them as their messages,
 * so the server's VALIDATION_FAILED details and a re-rendered form speak the same codes.
 */
export const REVIEW_PROBLEMS = ['required', 'tooLong', 'invalidCharacters', 'rating'] as const;
export type ReviewProblem = (typeof REVIEW_PROBLEMS)[number];

/** The author as the product page names them: first name and the initial of the last ("Max M."). */
export function reviewAuthor(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = [...lastName.trim()][0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

export interface PublishedReview {
  id: string;
  rating: number;
  title: string;
  body: string;
  author: string;
  /** The language it was written in (a BCP 47 tag of a shop locale). */
  locale: string;
  /** ISO timestamp of its publication. */
  publishedAt: string;
  /** The shop's reply, shown beneath it. */
  reply: { text: string; at: string } | null;
}

/** What a product page shows: the newest published reviews and the average over all of them. */
export interface ReviewSummary {
  count: number;
  average: number;
  reviews: PublishedReview[];
}

/**
 * The Product JSON-LD's review properties; nothing at all without a published review (an
 * aggregateRating of zero reviews is invalid structured data).
 */
export function reviewJsonLd(summary: ReviewSummary | null): Record<string, unknown> {
  if (!summary || summary.count === 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: summary.reviews.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.author },
      datePublished: r.publishedAt.slice(0, 10),
      name: r.title,
      reviewBody: r.body,
      inLanguage: r.locale,
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}
