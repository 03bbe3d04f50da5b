// English messages of the profile page: name, contact data, e-mail change and password change: a part of en.ts of its own.
// Every other locale's part has exactly these keys.
export const enProfile = {
} as const;

export type ProfileMessages = Record<keyof typeof enProfile, string>;
