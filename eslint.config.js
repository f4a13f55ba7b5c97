// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports flow one way: web → shared and server → shared, never web ↔ server. */
const APP_ZONES = [
  {
    target: './apps/web',
    from: './apps/server',
    message: 'The web app must not import server code; share it through packages/shared.',
  },
  {
    target: './apps/server',
    from: './apps/web',
    message: 'The server must not import web code; share it through packages/shared.',
  },
  { target: './packages/shared', from: './apps', message: 'packages/shared must not depend on an app.' },
];

/**
 * Inside the server, imports point down: main/app/background → seed → features → lib/db → shared.
 * Test files and test support may reach anywhere.
 */
const SERVER_LAYER_ZONES = [
  {
    target: ['./apps/server/src/lib', './apps/server/src/db'],
    from: ['./apps/server/src/features', './apps/server/src/seed'],
    message: 'lib/ and db/ sit below the features: move the shared piece down, or the caller up.',
  },
  {
    target: './apps/server/src/features',
    from: [
      './apps/server/src/seed',
      './apps/server/src/app.ts',
      './apps/server/src/main.ts',
      './apps/server/src/background.ts',
    ],
    message: 'Features sit below the app and the seed: they must not import them.',
  },
  {
    target: ['./apps/server/src/lib', './apps/server/src/db', './apps/server/src/features', './apps/server/src/seed'],
    from: './apps/server/src/test',
    message: 'Test support is for tests only.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.tmp/**',
      'apps/server/src/db/migrations/**',
      'apps/server/.test-worker/**',
      // Planted violations: src/lint-rules.test.ts lints them on purpose.
      'apps/server/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads a resolved file only when its extension is listed and a parser is named for it: without these
      // two, no TypeScript file was ever read, and import-x/no-cycle passed every cycle (even one of two files).
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // Imports flow one way: web → shared and server → shared, never web ↔ server.
      'import-x/no-restricted-paths': ['error', { zones: APP_ZONES }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '**/apps/web/**'],
              message: 'Import across apps only through @referwell/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/src/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...APP_ZONES, ...SERVER_LAYER_ZONES] }] },
  },
  {
    // The benchmark drives the server's own database code to generate its dataset; the two-instance
    // browser test starts an embedded PostgreSQL through the server's own module.
    files: ['bench/**/*.ts', 'e2e/multi-instance/setup.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // One way to raise a toast (lib/toast.ts: a form's new toast replaces its earlier one).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/toast.ts', 'apps/web/src/components/ui/sonner.tsx', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'sonner', message: "Raise toasts with scopedToast from '@/lib/toast'." }],
          patterns: [
            {
              group: ['**/apps/server/**', '**/apps/web/**'],
              message: 'Import across apps only through @referwell/shared.',
            },
          ],
        },
      ],
    },
  },
);
