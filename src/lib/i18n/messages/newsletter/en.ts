// English messages of the newsletter page (double opt-in) and the loyalty card: a part of en.ts of its own.
// Every other locale's part has exactly these keys.
export const enNewsletter = {
} as const;

export type NewsletterMessages = Record<keyof typeof enNewsletter, string>;
