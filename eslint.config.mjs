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
  // The pages' scripts run in the browser, as ES modules served as they are.
  { files: ['gateway/pages/assets/**/*.js'], languageOptions: { sourceType: 'module', globals: { ...globals.browser } } },
  // Workflow code's imports (no Node built-ins, activity types only) are held by .dependency-cruiser.cjs.
);
