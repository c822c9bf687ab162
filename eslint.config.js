import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** One lint setup for the whole tree; dependency direction is enforced here (ARCHITECTURE.md "Layout"). */
export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@kite/server', '@kite/web', '@kite/exchange', 'node:*', '**/apps/**', '**/exchange/**'] },
      ],
    },
  },
  {
    files: ['packages/exchange/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@kite/server', '@kite/web', 'node:*', '**/apps/**'] }],
      'no-restricted-globals': ['error', { name: 'Date', message: 'The exchange takes its clock as a parameter.' }],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'The exchange takes its random source as a parameter.' },
      ],
    },
  },
  {
    files: ['apps/web/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@kite/server', '@kite/exchange', '**/apps/server/**', 'node:*'] }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', 'apps/server/src/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
