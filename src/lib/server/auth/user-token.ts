// The short-lived user token: it tells a guest from a signed-in user. A compact
// HMAC-SHA256 signed payload: user id (customer_users), session family, issue and expiry time. Stateless to
// verify; resolveSession still checks that the family is alive, so logout and revocation act at once.
import { z } from 'astro/zod';
import { derivedKey } from './secret.ts';
import { hmac, safeEqual } from './crypto.ts';

export const USER_TOKEN_TTL_SECONDS = 15 * 60;

const claimsSchema = z
  .object({
    sub: z.string().uuid(),
    fam: z.string().uuid(),
    iat: z.number().int(),
    exp: z.number().int(),
  })
  .strict();
export type UserTokenClaims = z.infer<typeof claimsSchema>;

const sign = (payload: string) => hmac(derivedKey('user-token'), payload).toString('base64url');

export function signUserToken(userId: string, familyId: string, now = new Date()): string {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: UserTokenClaims = { sub: userId, fam: familyId, iat, exp: iat + USER_TOKEN_TTL_SECONDS };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

/** The claims of a genuine, unexpired token; null for anything else. */
export function verifyUserToken(token: string, now = new Date()): UserTokenClaims | null {
  if (token.length > 512) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  if (!safeEqual(signature, sign(payload))) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const claims = claimsSchema.safeParse(raw);
  if (!claims.success) return null;
  return claims.data.exp > now.getTime() / 1000 ? claims.data : null;
}
