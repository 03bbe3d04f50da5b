// Style and safety rules that matter, checked in CI (`npm run lint`) instead of written in prose.
// Types are checked by `astro check`; unused exports, files and dependencies by knip (knip.json).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';

/** A server domain is reached only through its index.ts ("the domain's public face"). */
const serverBoundary = {
  regex: '^#lib/server/[^/]+/(?!index\\.ts$).+',
  message: 'Import this server domain through its index.ts.',
};
const noDeepClimb = {
  regex: '^(\\.\\./){3,}',
  message: 'Use a #lib/, #islands/, #components/ ... alias instead of climbing three or more directories.',
};

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', '.astro/', '.data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      'no-console': 'error',
      'no-restricted-imports': ['error', { patterns: [noDeepClimb] }],
    },
  },
  {
    // The Astro parser has no type-aware mode for floating promises; astro check covers their types.
    files: ['**/*.astro'],
    languageOptions: { parserOptions: { projectService: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: ['src/lib/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noDeepClimb, serverBoundary] }] },
  },
  {
    // Browser code takes only types from a contract and no schema library: a value import would put
    // zod (22 KB) into every page that loads the module. Forms that validate with the server's own
    // schemas (sign-in and registration, checkout addresses) are the exception.
    files: ['src/islands/**/*.{ts,tsx}', 'src/lib/**/*.ts'],
    ignores: [
      'src/lib/server/**',
      'src/lib/*/contract.ts',
      'src/lib/*/*-contract.ts',
      'src/lib/content/schemas.ts',
      'src/lib/http/fields.ts',
      'src/lib/auth/rules.ts',
      'src/islands/auth/strings.ts',
      'src/lib/checkout/**',
      'src/islands/checkout/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['astro/zod', 'zod', '**/contract.ts'],
              allowTypeImports: true,
              message:
                'Browser code imports only types from contracts: call operations through the domain client (routes.ts), check stored values by hand.',
            },
          ],
        },
      ],
    },
  },
  {
    // Inside the server, a sibling domain is also reached only through its index.ts. The database
    // layer is the exception: its schema.ts and client.ts are what every domain reads tables with.
    files: ['src/lib/server/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDeepClimb,
            serverBoundary,
            {
              regex: '^\\.\\./(?!db/)[^./][^/]*/(?!index\\.ts$).+',
              message: 'Import a sibling server domain through its index.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/server/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDeepClimb,
            serverBoundary,
            {
              regex: '^\\./(?!db/)[^/]+/(?!index\\.ts$).+',
              message: 'Import a server domain through its index.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/islands/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['*.config.{js,mjs,ts}'],
    languageOptions: { globals: { process: 'readonly' } },
  },
  {
    // Command-line programs talk to their user on the console.
    files: ['scripts/**', 'bench/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
