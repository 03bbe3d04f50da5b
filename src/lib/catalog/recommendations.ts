// The 'Recommended products' carousel: how many products it shows and its geometry.

export const RECOMMENDATION_LIMIT = 20;

/** Carousel geometry: px of the next slide peeking in, slides per view below the desktop breakpoint (px). */
export const CAROUSEL = { peek: 16, perViewMobile: 2, desktopFrom: 1024 } as const;
