// The password rules on the server: the shared ones (src/lib/auth/password-policy.ts) plus the list of
// the most common breached passwords, which stays here because it is too big for the browser. The list
// is @zxcvbn-ts/language-common's (about 49,000 passwords from breach corpora, lower case), shipped with
// the package: no network call. It is loaded on the first password set, once per process.
import {
  comparablePassword,
  PASSWORD_MESSAGES,
  passwordRuleProblem,
  type PasswordProblem,
} from '#lib/auth/password-policy.ts';
import { ApiError } from '../http.ts';

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return commonPasswords;
}

/** The first rule a new password breaks, the breached list included; `email` is the account's address. */
export async function passwordProblem(
  password: string,
  email: string | null | undefined,
): Promise<PasswordProblem | null> {
  const problem = passwordRuleProblem(password, email);
  if (problem) return problem;
  return (await loadCommonPasswords()).has(comparablePassword(password)) ? 'tooCommon' : null;
}

/**
 * Refuses a password that breaks a rule as VALIDATION_FAILED naming the field, in the shape of the
 * contracts' own validation (message as the form words it, details as field issues).
 */
export async function assertPasswordAllowed(
  password: string,
  email: string | null | undefined,
  field: string,
): Promise<void> {
  const problem = await passwordProblem(password, email);
  if (!problem) return;
  const message = PASSWORD_MESSAGES[problem];
  throw new ApiError('VALIDATION_FAILED', message, 400, [{ path: field, message }]);
}
