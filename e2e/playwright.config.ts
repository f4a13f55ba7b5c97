import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions, traceOnFailure } from './browser';
import { CLAIM_OPERATOR_EMAIL, LEIE_OPERATOR_EMAIL } from './operators';

// The config is evaluated again in every worker; the environment carries the first choice along.
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'referwell-e2e-'));
// The server's log (its standard output), kept for the run; server-log-reporter.ts prints its errors when a test fails.
process.env.E2E_SERVER_LOG ??= path.join(process.env.E2E_DATA_DIR, 'server.log');
// A local careers site the job import and crawl tests fetch from (e2e/fixture-server.mjs).
process.env.E2E_FIXTURE_PORT ??= freePort();
const fixtureOrigin = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT}`;
// The payment provider: the tests' fake Stripe API server (apps/server/src/test/fake-stripe.ts), billing turned on.
process.env.E2E_STRIPE_PORT ??= freePort();
// The identity provider of the single sign-on journey: a real OpenID provider (apps/server/src/test/oidc-idp.ts).
process.env.E2E_OIDC_PORT ??= freePort();
process.env.E2E_OIDC_CLIENT_SECRET ??= randomBytes(24).toString('hex');
const oidcOrigin = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;
// …and the SAML identity provider of the SAML journey (apps/server/src/test/saml-idp.ts): the browser reaches it, the
// server never calls it (HTTP-Redirect out, HTTP-POST back), so it is not in OUTBOUND_ALLOW_HOSTS.
process.env.E2E_SAML_PORT ??= freePort();
const samlOrigin = `http://127.0.0.1:${process.env.E2E_SAML_PORT}`;
// A server on E2E_DATABASE_URL needs the data-encryption key given (one per run; workers inherit it).
process.env.E2E_DATA_ENCRYPTION_KEY ??= randomBytes(32).toString('base64');
const dataEncryptionKey = process.env.E2E_DATA_ENCRYPTION_KEY;
const stripeOrigin = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`;
// The ATS journey's Greenhouse Harvest API: the tests' fake (apps/server/src/test/fake-greenhouse.ts).
process.env.E2E_GREENHOUSE_PORT ??= freePort();
const greenhouseOrigin = `http://127.0.0.1:${process.env.E2E_GREENHOUSE_PORT}`;
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;
const repoRoot = path.resolve(import.meta.dirname, '..');

function freePort(): string {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The two-instance journey starts its own servers: npm run test:multi.
  testIgnore: 'multi-instance/**',
  outputDir: path.join(repoRoot, 'test-results'),
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['./server-log-reporter.ts']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: traceOnFailure,
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `node apps/server/dist/main.js > ${JSON.stringify(process.env.E2E_SERVER_LOG)}`,
      cwd: repoRoot,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stderr: 'pipe',
      // SIGTERM lets the app stop its embedded PostgreSQL (the default SIGKILL would leave it running).
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      env: {
        PORT: port,
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        NODE_ENV: 'production',
        // The browser tests sign in with the demo logins, which production does not seed by default.
        SEED_DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: baseURL,
        // Every browser test signs up from 127.0.0.1; the limits themselves are covered by the API tests.
        RATE_LIMIT_SCALE: '100',
        // The platform operators of screening.spec.ts (loads the LEIE list) and company-claim.spec.ts (approves a claim).
        PLATFORM_ADMIN_EMAILS: `${LEIE_OPERATOR_EMAIL},${CLAIM_OPERATOR_EMAIL}`,
        // The job queue lives on PostgreSQL: pass the database the run should use (until the embedded server lands).
        ...(process.env.E2E_DATABASE_URL
          ? { DATABASE_URL: process.env.E2E_DATABASE_URL, DATA_ENCRYPTION_KEY: dataEncryptionKey }
          : {}),
        // Job import and crawl may fetch the local fixture site; the ATS APIs point at it too (it answers 404 there).
        // …and the identity provider of the single sign-on journey.
        // …and the fake Greenhouse Harvest API of the ATS journey.
        OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${process.env.E2E_FIXTURE_PORT},127.0.0.1:${process.env.E2E_OIDC_PORT},127.0.0.1:${process.env.E2E_GREENHOUSE_PORT}`,
        GREENHOUSE_HARVEST_URL: `${greenhouseOrigin}/v1`,
        GREENHOUSE_API_URL: `${fixtureOrigin}/greenhouse/v1/boards`,
        LEVER_API_URL: `${fixtureOrigin}/lever/v0/postings`,
        ASHBY_API_URL: `${fixtureOrigin}/ashby/posting-api/job-board`,
        WORKABLE_API_URL: `${fixtureOrigin}/workable/api/v1/widget/accounts`,
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: 'whsec_fake',
        STRIPE_PRICE_MONTHLY: 'price_test_monthly',
        STRIPE_PRICE_ENTERPRISE: 'price_test_enterprise',
        STRIPE_PRICE_BETA: 'price_test_beta',
        STRIPE_PRICE_BETA_YEAR: 'price_test_beta_year',
        STRIPE_API_URL: stripeOrigin,
      },
    },
    {
      command: 'node --import tsx apps/server/src/test/fake-stripe.ts',
      cwd: repoRoot,
      url: `${stripeOrigin}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        FAKE_STRIPE_PORT: process.env.E2E_STRIPE_PORT,
        FAKE_STRIPE_WEBHOOK_URL: `${baseURL}/api/billing/stripe/webhook`,
      },
    },
    {
      command: 'node --import tsx apps/server/src/test/oidc-idp.ts',
      cwd: repoRoot,
      url: `${oidcOrigin}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        OIDC_IDP_PORT: process.env.E2E_OIDC_PORT,
        OIDC_IDP_REDIRECT_URI: `${baseURL}/api/auth/sso/oidc/callback`,
        OIDC_IDP_CLIENT_SECRET: process.env.E2E_OIDC_CLIENT_SECRET,
      },
    },
    {
      command: 'node --import tsx apps/server/src/test/saml-idp.ts',
      cwd: repoRoot,
      url: `${samlOrigin}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        SAML_IDP_PORT: process.env.E2E_SAML_PORT,
        SAML_IDP_ACS_URL: `${baseURL}/sso/saml/acs`,
        SAML_IDP_ENTITY_ID: `${baseURL}/sso/saml`,
        SAML_IDP_ISSUER: 'https://idp.example.test/saml',
      },
    },
    {
      command: 'node --import tsx apps/server/src/test/fake-greenhouse.ts',
      cwd: repoRoot,
      url: `${greenhouseOrigin}/_test/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_GREENHOUSE_PORT: process.env.E2E_GREENHOUSE_PORT, FAKE_GREENHOUSE_API_KEY: 'gh_e2e_harvest_key' },
    },
    {
      command: 'node e2e/fixture-server.mjs',
      cwd: repoRoot,
      url: `${fixtureOrigin}/health`,
      reuseExistingServer: false,
      timeout: 10_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { PORT: process.env.E2E_FIXTURE_PORT },
    },
  ],
});
