// ESLint flat config (decision 036). Formatting is Prettier's job: eslint-config-prettier comes last
// and switches off every rule that would argue with it. `npm run lint` runs ESLint, then `prettier --check`.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, flatConfigs as importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

export default defineConfig(
  {
    ignores: [
      'build/',
      'public/',
      'e2e/.artifacts/',
      'intents/model/',
      'server/db/migrations/',
      'playwright-report/',
      'test-results/',
      '.cache/',
    ],
  },

  js.configs.recommended,
  tseslint.configs.recommended,
  importX.recommended,
  importX.typescript,

  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          // the paths of tsconfig.json (~/…, #server/…, #locales/…) and imports written with .ts
          tsconfig: { configFile: './tsconfig.json' },
          extensions: ['.ts', '.tsx', '.mjs', '.js', '.json', '.d.ts', '.node'],
          conditionNames: ['types', 'import', 'require', 'node', 'default'],
        }),
      ],
    },
    rules: {
      // Vite asset imports (`styles.css?url`, `altcha/worker?url`) are resolved by the bundler
      'import-x/no-unresolved': ['error', { ignore: ['\\?(url|raw|inline)$'] }],
      'import-x/no-duplicates': 'error',
      // TypeScript checks named imports and default exports itself, and better
      'import-x/named': 'off',
      'import-x/namespace': 'off',
      'import-x/default': 'off',
      'import-x/no-named-as-default-member': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },

  // Command-line tools and benchmarks talk on the console; the server and the app log with pino.
  {
    files: ['scripts/**', 'intents/cli/**', 'tests/bench/**', 'e2e/helpers/axe.ts'],
    rules: { 'no-console': 'off' },
  },

  // Type-aware rules where they are cheap and catch real bugs: promises nobody awaits.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },

  // React only for the app's components and routes; helpers called use…() in tests and e2e are not hooks.
  {
    files: ['app/**/*.tsx'],
    ...react.configs.flat.recommended,
    ...jsxA11y.flatConfigs.recommended,
    plugins: { react, 'jsx-a11y': jsxA11y },
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      ...jsxA11y.flatConfigs.recommended.languageOptions,
    },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'react/prop-types': 'off', // TypeScript types the props
      // Labels wrap the radio and its name a few spans deep (the payment methods).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 4 }],
      // Tables whose rows become cards on a phone (display: block) keep their table roles
      // explicitly, because the browser drops the implicit ones; a scrolling region is focusable.
      'jsx-a11y/no-redundant-roles': ['error', { thead: ['rowgroup'], tbody: ['rowgroup'] }],
      'jsx-a11y/no-interactive-element-to-noninteractive-role': [
        'error',
        { tr: ['none', 'presentation', 'row'], td: ['cell'], canvas: ['img'] },
      ],
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.flat.recommended.rules,
  },

  prettier,
);
