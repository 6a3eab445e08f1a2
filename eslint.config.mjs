// Lint: typescript-eslint's recommended rules with type information; `any` is an error.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'reports/', 'test-results/', 'blob-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty-pattern': 'off',
    },
  },
  // node:test's test() returns a promise the runner awaits itself.
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-floating-promises': 'off' } },
  { files: ['**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
