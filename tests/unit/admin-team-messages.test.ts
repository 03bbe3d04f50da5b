import { describe, expect, test } from 'vitest';
import { STAFF_ROLES, TOKEN_SCOPES } from '#lib/admin/rules.ts';
import { contentConfigSchemas } from '#lib/content/schemas.ts';
import { teamMessages } from '#lib/admin/team-messages.ts';
import { PASSWORD_MESSAGES } from '#lib/auth/password-policy.ts';

describe('teamMessages', () => {
  test('has the same keys in German and English', () => {
    expect(Object.keys(teamMessages.en).sort()).toEqual(Object.keys(teamMessages.de).sort());
  });

  test('has no empty text', () => {
    for (const messages of Object.values(teamMessages)) {
      for (const [key, text] of Object.entries(messages)) expect(text.trim(), key).not.toBe('');
    }
  });

  test('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(teamMessages.de)) {
      expect(placeholders(teamMessages.en[key as keyof typeof teamMessages.en]), key).toEqual(placeholders(text));
    }
  });

  test('names every kind the workspace edits, every role, scope and password problem', () => {
    const keys = new Set(Object.keys(teamMessages.de));
    const needed = [
      ...Object.keys(contentConfigSchemas).map((key) => `kind.${key}`),
      ...STAFF_ROLES.map((role) => `role.${role}`),
      ...TOKEN_SCOPES.flatMap((scope) => [`scope.${scope}`, `scopeHint.${scope}`]),
      ...Object.keys(PASSWORD_MESSAGES).map((problem) => `password.${problem}`),
      'kind.page',
      'title.signIn',
      'title.setPassword',
      'title.staff',
      'title.tokens',
    ];
    for (const key of needed) expect(keys.has(key), key).toBe(true);
  });
});
