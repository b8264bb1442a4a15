// ESLint flat config (decision 036). Formatting is Prettier's job: eslint-config-prettier comes last
// and switches off every rule that would argue with it. `npm run lint` runs ESLint, then `prettier --check`.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';
import { boundaries } from './eslint-boundaries.js';

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
      'tests/bench/bare-remix/build/',
      'bench-results/',
    ],
  },

  js.configs.recommended,
  tseslint.configs.recommended,
  importPlugin.flatConfigs.recommended,
  importPlugin.flatConfigs.typescript,

  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Whether an import resolves is TypeScript's check (npm run typecheck, with the path aliases
      // ~/…, #server/…, #locales/… and .ts imports); eslint-plugin-import's own resolver would need a
      // native TypeScript resolver whose platform builds npm ci cannot install here (decision 036).
      'import/no-unresolved': 'off',
      'import/named': 'off',
      'import/namespace': 'off',
      'import/default': 'off',
      'import/no-named-as-default-member': 'off',
      // Off for its cost, as typescript-eslint's performance guide advises: it parsed every
      // imported module, node_modules included, to read its exports: 25 s, 47 % of all rules' time
      // in the check (TIMING=1), and the check's CPU went from 187 to 160 s without it. It warns of
      // a style (a default import named like a named export), not of a fault TypeScript lets through.
      'import/no-named-as-default': 'off',
      // What needs no resolver stays: duplicate imports, no mutable exports, no absolute or self imports.
      'import/no-duplicates': 'error',
      'import/no-mutable-exports': 'error',
      'import/no-absolute-path': 'error',
      'import/no-self-import': 'error',
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
  // Links come from app/components/ui/Link.tsx, which gives Remix's Link what it alone needs (decision 115).
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/components/ui/Link.tsx', 'app/components/ui/Link.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@remix-run/react',
              importNames: ['Link', 'NavLink'],
              message: "Import Link and NavLink from '~/components/ui/Link' (decision 115).",
            },
          ],
        },
      ],
    },
  },

  // The layers' boundaries: what intents/, app/ and the routes may import (eslint-boundaries.js, decision 077).
  ...boundaries,

  prettier,
);
