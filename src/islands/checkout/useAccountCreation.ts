// The guest's account with the order (billing step): whether one is wanted, its password checked by
// the shared rules before anything is sent, and the cart told so. The server's list of common
// passwords answers through its refusal, shown at the field like the rules' own.
import { useState } from 'react';
import { updateCheckoutUser } from '#lib/checkout/client.ts';
import type { Cart } from '#lib/cart/contract.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { passwordProblemOf, passwordRuleProblem, type PasswordProblem } from '#lib/auth/password-policy.ts';
import { ApiClientError } from '#lib/http/client.ts';

/** The message key of each password problem. */
export const PASSWORD_PROBLEM_KEYS = {
  tooShort: 'checkout.validation.passwordTooShort',
  tooLong: 'validation.passwordTooLong',
  tooCommon: 'validation.passwordTooCommon',
  isEmail: 'validation.passwordIsEmail',
} as const satisfies Record<PasswordProblem, string>;

/** A password problem the server named for userPassword (VALIDATION_FAILED), if that is why it refused. */
function serverPasswordProblem(error: unknown): PasswordProblem | null {
  if (!(error instanceof ApiClientError) || error.code !== 'VALIDATION_FAILED' || !Array.isArray(error.details))
    return null;
  const issue = (error.details as { path?: unknown; message?: unknown }[]).find((i) => i.path === 'userPassword');
  return typeof issue?.message === 'string' ? passwordProblemOf(issue.message) : null;
}

export type AccountSave = { cart: Cart } | { error: unknown; passwordRefused: boolean };

export function useAccountCreation({
  allowed,
  required,
  initial,
}: {
  allowed: boolean;
  required: boolean;
  initial: boolean;
}) {
  const [create, setCreate] = useState(required || initial);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<PasswordProblem | null>(null);
  const wanted = allowed && create;
  return {
    create,
    setCreate,
    password,
    problem,
    wanted,
    setPassword(value: string) {
      setPassword(value);
      setProblem(null);
    },
    /** The shared rules, before anything is sent: false (and the problem shown) when they refuse. */
    check(email: string): boolean {
      const found = wanted ? passwordRuleProblem(password, email) : null;
      setProblem(found);
      return found === null;
    },
    /** Whether the cart must hear about the account: one is wanted, or an earlier wish is withdrawn. */
    needsSave: (cart: Cart) => allowed && (wanted || cart.newUser),
    async save(cart: Cart, locale: Locale): Promise<AccountSave> {
      try {
        return {
          cart: await updateCheckoutUser({
            version: cart.version,
            locale,
            newUser: wanted,
            ...(wanted ? { userPassword: password } : {}),
          }),
        };
      } catch (error) {
        const refused = serverPasswordProblem(error);
        setProblem(refused);
        return { error, passwordRefused: refused !== null };
      }
    },
  };
}
