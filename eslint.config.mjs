// Lint: typescript-eslint's recommended rules with type information; `any` is an error.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Layering is not here: layers.json lists what each folder may import, and test/unit/layering.test.ts
// checks every import against it (one table for every folder, the middle ones included).

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
  // A preload for `node --require` (src/runner/compile-cache-hook.cjs): CommonJS by necessity, type-checked by tsc (checkJs).
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', __dirname: 'readonly', process: 'readonly', Buffer: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
