// Lint: typescript-eslint's recommended rules with type information; `any` is an error.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// --- Layering (README, Design): documents -> schemas + catalogue -> generators + checks -> specs -> reports.
// no-restricted-imports sees an import as written ('../../config/target'), not where it resolves, so
// each rule below is built once per folder depth: `up` is the climb from a file of the area to the
// folder the regexes start from (src/ for the src areas, the repository root for specs/). Proved by
// test/unit/layering.test.ts, which also walks the import graph for cycles.
const DEPTHS = 8;
const esc = (up) => up.replaceAll('.', '\\.');
/** One config entry per depth below `area`: `patterns(up)` gives the rule's patterns for files at that depth. */
const layer = (area, patterns, ignores = []) =>
  Array.from({ length: DEPTHS }, (_, depth) => ({
    files: [`${area}/${'*/'.repeat(depth)}*.ts`],
    ignores,
    rules: { 'no-restricted-imports': ['error', { patterns: patterns(esc('../'.repeat(depth + 1))) }] },
  }));
/** The suite's folders the reference server never imports (its own catalogue, clauses, schemas, openapi, terms and identity are fine). */
const SUITE = 'auth|cli|config|generators|http|fault-run|personas|reporting|runner';
const referencePatterns = (up, { checks = true, faultAudit = true } = {}) => [
  {
    regex: `^${up}(?:${SUITE})(?:/|$)|^${up}\\.\\./specs(?:/|$)`,
    message: 'The reference server imports nothing of the suite (no config: the identity it shares is src/identity/).',
  },
  ...(checks
    ? [
        {
          regex: `^${up}checks(?:/|$)`,
          allowTypeImports: true,
          message: "The reference server does not load the checks' logic: only type imports (check names for its fault run).",
        },
      ]
    : []),
  ...(faultAudit
    ? [
        {
          regex: '(?:^|/)fault-audit(?:\\.js)?$',
          message: 'fault-audit.ts loads the check registry: only the fault-run CLI and tests import it, never the server.',
        },
      ]
    : []),
];

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
  // 1. Schemas, catalogue and clauses: each other, src/terms.ts and packages; nothing above them.
  ...['src/schemas', 'src/catalogue', 'src/clauses'].flatMap((area) =>
    layer(area, (up) => [
      {
        regex: `^${up}(?!(?:schemas|catalogue|clauses|terms)(?:/|\\.js$|$))`,
        message: 'Schemas, catalogue and clauses sit at the bottom: they import only each other and src/terms.ts.',
      },
    ]),
  ),
  // 2. The reference server: not the suite's config, folders or checks' logic (type imports of check names only).
  ...layer('src/reference', (up) => referencePatterns(up), ['src/reference/fault-audit.ts']),
  // fault-audit.ts (read by the fault-run CLI and tests, never by the server) checks the catalogue against the check registry.
  {
    files: ['src/reference/fault-audit.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: referencePatterns(esc('../'), { checks: false, faultAudit: false }) }] },
  },
  // 3. Specs test a target from outside: never the reference server nor a persona.
  ...layer('specs', (up) => [
    {
      regex: `^${up}src/(?:reference|personas)(?:/|$)`,
      message: 'Specs see a target only over HTTP: never import src/reference/ or src/personas/.',
    },
  ]),
  // 4. Personas are independent servers written from the documents alone: nothing of ours but src/identity/.
  ...layer('src/personas', (up) => [
    {
      regex: `^${up}(?!identity(?:/|$))`,
      message: 'Personas are written from the documents alone: they import nothing of ours but src/identity/.',
    },
  ]),
);
