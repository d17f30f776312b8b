import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/**', '.venv/**', '.data/**', '.tmp/**', 'dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // Workflow code runs in Temporal's deterministic sandbox: no Node built-ins, no I/O modules.
    files: ['workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          { group: ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'net', 'os', 'child_process'], message: 'Workflows are deterministic: do I/O in activities.' },
          { group: ['pg', 'ioredis', 'pino', '../infra/*', '../activities/*', '../matcher/*', '../gateway/*'], message: 'Workflows import activity types only.', allowTypeImports: true },
        ],
      }],
    },
  },
);
