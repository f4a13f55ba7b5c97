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
  {
    target: './packages/shared',
    from: './packages/page-reader',
    message: 'packages/shared sits below the page reader.',
  },
  { target: './packages/page-reader', from: './apps', message: 'packages/page-reader must not depend on an app.' },
];

// ----- The server's rooms (apps/server/src) -----
// Imports point down: the app (main, app, background, worker*) → seed → features → platform → lib, db → config.ts,
// packages/shared. A feature imports another only through that feature's port, and the platform's rooms only the
// rooms listed below: both lists are checked for cycles here, so no folder-level import cycle can come back.
// Test files and test support may reach anywhere. src/lint-rules.test.ts plants a violation of each kind.

const SERVER = './apps/server/src';
const APP_FILES = ['main.ts', 'app.ts', 'background.ts', 'worker.ts', 'worker-tasks.ts', 'worker-source.mjs'].map(
  (file) => `${SERVER}/${file}`,
);
const FEATURES = readdirSync(new URL(`${SERVER}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Who uses which feature's port (features/<f>/port.ts, whose header says who and why). A feature may import another
 * only through a port that lists it here.
 */
const FEATURE_PORT_USERS = {
  account: ['retention'],
  bonuses: ['chat', 'jobs', 'referrals'],
  chat: ['jobs'],
  companies: ['auth', 'public-pages', 'scim'],
  connections: ['referrals'],
  jobs: ['ats', 'companies', 'dashboard', 'job-import', 'mail', 'portal', 'public-pages', 'saved-searches'],
  'public-pages': ['portal'],
  messaging: ['realtime'],
  referrals: ['ats', 'chat', 'dashboard', 'jobs', 'messaging', 'public-pages'],
  'saved-searches': ['mail'],
  screening: ['referrals'],
  'self-id': ['account'],
  talent: ['messaging', 'referrals'],
};

/** The platform's rooms (apps/server/src/platform/<room>) and the other rooms each may import. */
const PLATFORM_USES = {
  access: ['sessions'],
  accounts: [],
  audit: [],
  events: [],
  exports: [],
  membership: [],
  notifications: ['events', 'plans'],
  plans: [],
  sessions: ['events', 'membership'],
};

/** Throws when `uses` (room → rooms it imports) has a cycle. */
function assertAcyclic(what, uses) {
  const state = new Map();
  const visit = (room, path) => {
    if (state.get(room) === 'done') return;
    if (state.get(room) === 'open')
      throw new Error(`eslint.config.js: ${what} import in a loop: ${[...path, room].join(' → ')}`);
    state.set(room, 'open');
    for (const next of uses[room] ?? []) visit(next, [...path, room]);
    state.set(room, 'done');
  };
  for (const room of Object.keys(uses)) visit(room, []);
}
const FEATURE_USES = Object.fromEntries(
  FEATURES.map((feature) => [
    feature,
    Object.entries(FEATURE_PORT_USERS)
      .filter(([, users]) => users.includes(feature))
      .map(([owner]) => owner),
  ]),
);
assertAcyclic('features', FEATURE_USES);
assertAcyclic('platform rooms', PLATFORM_USES);
for (const entry of readdirSync(new URL(`${SERVER}/platform`, import.meta.url), { withFileTypes: true }))
  if (entry.isDirectory() && !(entry.name in PLATFORM_USES))
    throw new Error(`eslint.config.js: platform/${entry.name} is not in PLATFORM_USES (say which rooms it may import)`);

const SERVER_LAYER_ZONES = [
  {
    target: [`${SERVER}/lib`, `${SERVER}/db`, `${SERVER}/config.ts`],
    from: [`${SERVER}/platform`, `${SERVER}/features`, `${SERVER}/seed`, ...APP_FILES],
    message:
      'lib/, db/ and config.ts sit below the platform and the features: move the shared piece down, or the caller up.',
  },
  {
    target: [`${SERVER}/db`, `${SERVER}/config.ts`],
    from: `${SERVER}/lib`,
    message: 'lib/ may use db/ and config.ts, not the reverse.',
  },
  { target: `${SERVER}/config.ts`, from: `${SERVER}/db`, message: 'config.ts reads nothing of ours.' },
  {
    target: `${SERVER}/platform`,
    from: [`${SERVER}/features`, `${SERVER}/seed`, ...APP_FILES],
    message:
      'The platform sits below the features: where it needs one, it takes a step the feature registers at ' +
      'start-up (app.ts), as sign-up takes platform/accounts/lifecycle.ts steps.',
  },
  {
    target: `${SERVER}/features`,
    from: [`${SERVER}/seed`, ...APP_FILES],
    message: 'Features sit below the app and the seed: they must not import them.',
  },
  { target: `${SERVER}/seed`, from: APP_FILES, message: 'The seed sits below the app: it must not import it.' },
  {
    target: [`${SERVER}/lib`, `${SERVER}/db`, `${SERVER}/platform`, `${SERVER}/features`, `${SERVER}/seed`],
    from: `${SERVER}/test`,
    message: 'Test support is for tests only.',
  },
  ...Object.entries(PLATFORM_USES).map(([room, uses]) => ({
    target: `${SERVER}/platform/${room}`,
    from: `${SERVER}/platform`,
    except: [`./${room}`, ...uses.map((used) => `./${used}`)],
    message: `platform/${room} may import only ${uses.length ? uses.map((u) => `platform/${u}`).join(', ') : 'no other platform room'} (PLATFORM_USES in eslint.config.js).`,
  })),
  ...FEATURES.map((feature) => ({
    target: `${SERVER}/features/${feature}`,
    from: `${SERVER}/features`,
    except: [`./${feature}`, ...FEATURE_USES[feature].map((owner) => `./${owner}/port.ts`)],
    message:
      'A feature imports another only through its port (features/<f>/port.ts), and only a port that lists it ' +
      '(FEATURE_PORT_USERS in eslint.config.js, and the port header).',
  })),
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
          project: [
            'apps/web/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/shared/tsconfig.json',
            'packages/page-reader/tsconfig.json',
          ],
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
    // The server's rooms (SERVER_LAYER_ZONES above); paths are read from this file's folder, wherever ESLint runs.
    files: ['apps/server/src/**/*.{ts,tsx,mjs}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/src/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...APP_ZONES, ...SERVER_LAYER_ZONES] },
      ],
    },
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
    // One way to read a failed API call: lib/api.ts (isApiError, isRefusal, isMissing, errorMessage, fieldErrors).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator='instanceof'][right.name='ApiError']",
          message: "Read a failed call with isApiError, isRefusal or isMissing from '@/lib/api'.",
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
