// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './eslint-rules/index.js';

/** ESLint checks correctness and architecture; Prettier owns formatting. */
export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      'reference-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'apps/server/src/**/*.cli.ts', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // The domain package is pure: no I/O, no clock, usable by both apps.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', 'drizzle-orm*', 'fastify*', 'react*'] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Pass `now` in.',
        },
      ],
    },
  },
  {
    // Server areas talk through services; the web app never imports server code.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['**/apps/server/**', '@app/server*'],
          // sonner is fetched on the first toast (issue 17): toasts go through lib/toast.
          paths: [
            {
              name: 'sonner',
              message: 'Use @/lib/toast (sonner loads on first use).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Areas import each other only through their entry points (eslint-rules/module-boundaries.js).
    files: ['apps/web/**/*.{ts,tsx}', 'apps/server/**/*.ts', 'packages/domain/**/*.ts'],
    plugins: { local },
    rules: { 'local/module-boundaries': 'error' },
  },
  {
    // Server modules depend on each other one way (eslint-rules/module-cycles.js): only their own
    // files are checked, against a graph of the modules read once per run.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: { 'local/module-cycles': 'error' },
  },
);
