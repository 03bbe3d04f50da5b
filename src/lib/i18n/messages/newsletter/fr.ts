import type { NewsletterMessages } from './en.ts';

// The French messages of the newsletter page (double opt-in) and the loyalty card; keys and placeholders mirror en.ts.
export const frNewsletter: NewsletterMessages = {
};
