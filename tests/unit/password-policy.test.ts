// The shared password rules (src/lib/auth/password-policy.ts), as the forms and the server apply them,
// and the server's breached-password list on top.
import { describe, expect, test } from 'vitest';
import { PASSWORD_MESSAGES, passwordProblemOf, passwordRuleProblem } from '#lib/auth/password-policy.ts';
import { passwordProblem } from '#lib/server/auth/password-rules.ts';

describe('passwordRuleProblem', () => {
  test('counts characters as code points after NFKC, 8 to 128', () => {
    expect(passwordRuleProblem('Abc-123')).toBe('tooShort');
    expect(passwordRuleProblem('Abc-1234')).toBeNull();
    // Four emoji are eight UTF-16 units but four characters.
    expect(passwordRuleProblem('🦊🐻🐼🐨')).toBe('tooShort');
    expect(passwordRuleProblem('🦊🐻🐼🐨🐯🦁🐮🐷')).toBeNull();
    // "e" plus a combining accent is one character once composed.
    expect(passwordRuleProblem('Cafe\u0301-12')).toBe('tooShort');
    expect(passwordRuleProblem('x'.repeat(63) + 'y'.repeat(65))).toBeNull();
    expect(passwordRuleProblem('x'.repeat(64) + 'y'.repeat(65))).toBe('tooLong');
  });

  test('no composition rules, but one character repeated is refused', () => {
    expect(passwordRuleProblem('correct horse battery staple')).toBeNull();
    expect(passwordRuleProblem('        ')).toBe('tooCommon');
    expect(passwordRuleProblem('AAAAaaaa')).toBe('tooCommon');
  });

  test('refuses the e-mail address and its local part, in any case and with spaces around', () => {
    expect(passwordRuleProblem('Erika.Muster@Example.com', 'erika.muster@example.com')).toBe('isEmail');
    expect(passwordRuleProblem(' erika.muster ', 'Erika.Muster@example.com')).toBe('isEmail');
    expect(passwordRuleProblem('erika.muster!', 'erika.muster@example.com')).toBeNull();
    expect(passwordRuleProblem('erika.muster', null)).toBeNull();
  });

  test('a message names its rule again for the forms', () => {
    for (const [problem, message] of Object.entries(PASSWORD_MESSAGES))
      expect(passwordProblemOf(message)).toBe(problem);
    expect(passwordProblemOf('something else')).toBeNull();
  });
});

describe('passwordProblem (server)', () => {
  test('refuses the most common breached passwords case-insensitively, and the shared rules', async () => {
    for (const common of ['password', 'PASSWORD1', '12345678', 'iloveyou', 'Football1', 'qwertyuiop']) {
      expect(await passwordProblem(common, null), common).toBe('tooCommon');
    }
    expect(await passwordProblem('Analytical-Engine-1843', null)).toBeNull();
    expect(await passwordProblem('short', null)).toBe('tooShort');
    expect(await passwordProblem('ada.lovelace', 'ada.lovelace@example.com')).toBe('isEmail');
  });
});
