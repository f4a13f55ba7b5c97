// @ts-check
import { readdirSync } from 'node:fs';
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

/**
 * Inside the web app, imports point down: app (and the entries main.tsx, entry-server.tsx) → features → components →
 * lib → packages/shared. A feature uses another feature only through that feature's `port.ts`, which says who uses
 * it. Test files and test support (src/test) may reach anywhere.
 */
const WEB = './apps/web/src';
const WEB_TOP = [`${WEB}/app`, `${WEB}/main.tsx`, `${WEB}/entry-server.tsx`];
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_LAYER_ZONES = [
  {
    target: `${WEB}/lib`,
    from: [`${WEB}/components`, `${WEB}/features`, ...WEB_TOP],
    message: 'lib/ is the floor of the web app: move the shared piece down into lib, or the caller up.',
  },
  {
    target: `${WEB}/components`,
    from: [`${WEB}/features`, ...WEB_TOP],
    message: 'components/ sit below the features and the app: pass what they need in, or move the piece up.',
  },
  {
    target: `${WEB}/components/ui`,
    from: `${WEB}/components`,
    except: ['./ui'],
    message: 'components/ui holds the primitives: they do not use the components built on them.',
  },
  {
    target: `${WEB}/features`,
    from: WEB_TOP,
    message: 'Features sit below the app shell: move the shared piece down into components/ or lib/.',
  },
  ...WEB_FEATURES.map((feature) => ({
    target: WEB_FEATURES.filter((other) => other !== feature).map((other) => `${WEB}/features/${other}`),
    from: `${WEB}/features/${feature}`,
    except: ['./port.ts'],
    message: `Other features reach features/${feature} only through features/${feature}/port.ts (export it there and say who uses it), or the app composes them.`,
  })),
  {
    target: [`${WEB}/features`, `${WEB}/components`, `${WEB}/lib`, ...WEB_TOP],
    from: `${WEB}/test`,
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
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
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
  {
    // The web app's layers and feature ports (WEB_LAYER_ZONES above).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/src/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...APP_ZONES, ...WEB_LAYER_ZONES] }] },
  },
);
