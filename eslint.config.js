import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';

// Where the type-aware rules apply: every TypeScript file but declarations and build configs.
const typeChecked = ['**/*.{ts,tsx}'];
const typeCheckedNotYet = ['**/*.d.ts', '*/tsup.config.ts'];
// Tests read JSON and poke at test doubles; the unsafe-any rules would only add casts there.
const testFiles = ['**/test/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/.next/**', '.tsbuild/**', '**/node_modules/**', 'data/**', 'e2e/artifacts/**', 'sdk/src/platform/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: typeChecked, ignores: typeCheckedNotYet })),
  {
    files: typeChecked,
    ignores: typeCheckedNotYet,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: testFiles,
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Test doubles stand in for async APIs: an async stub without await is the point.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Packages meet only through their declared names: a relative path into another package
    // would bypass its exports and its dependency list. Cycles, which make load order fragile,
    // are `npm run lint:cycles` (dpdm over the same files and more, type imports included): it
    // takes seconds where eslint-plugin-import's no-cycle took 100 s, two thirds of the lint.
    files: ['{contract,sdk,simulator,api,widget,react}/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.{ts,mjs}'],
    // A package's build config may take the repository's shared build options: build tooling, not code.
    ignores: ['*/tsup.config.ts'],
    plugins: { import: importPlugin },
    settings: {
      ...importPlugin.flatConfigs.typescript.settings,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mjs', '.js'] } },
    },
    rules: {
      'import/no-relative-packages': 'error',
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', 'scripts/**', 'bench/**'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly' } },
    rules: { 'no-undef': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
);
