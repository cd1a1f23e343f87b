// @ts-check
/**
 * The one lint configuration: ESLint's and typescript-eslint's recommended rules for every source file, the
 * type-aware promise rules for TypeScript (a forgotten await is a bug here: money, sockets, shutdown), React hooks
 * rules for islands and Astro's rules for pages and components. Import circles are dependency-cruiser's to find
 * (.dependency-cruiser.cjs, run by `npm run lint`): it counts type imports, which import-x/no-cycle skips.
 * Formatting is Prettier's (see .prettierrc.json); eslint-config-prettier turns off the rules it owns.
 */
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

export default defineConfig(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'test-results/', 'data/', 'scratch/', 'tmp/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  { files: ['src/islands/**/*.tsx'], ...reactHooks.configs.flat.recommended },
  prettier,
);
