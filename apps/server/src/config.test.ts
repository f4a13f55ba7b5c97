import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'referwell-config-'));

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
    expect(config.sessionSecret).toBeUndefined(); // then kept in the database
    expect(config.embeddedPgPort).toBe(0);
    expect(config.seedDemoData).toBe(true);
    expect(config.dbLivenessGraceSeconds).toBe(60);
  });

  it('does not seed demo logins in production unless asked to', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' }).seedDemoData).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        BOOKING_URL: 'javascript:alert(1)',
        SMTP_URL: 'http://mail',
        DATA_DIR: dataDir(),
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('LOG_LEVEL');
      expect(problems).toContain('BOOKING_URL');
      expect(problems).toContain('SMTP_URL');
    }
  });

  it('serves the developer routes (/api/dev) only when DEV_ROUTES is set, in every NODE_ENV', () => {
    for (const NODE_ENV of ['development', 'test', 'production'] as const)
      expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV }).devRoutes).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_ROUTES: 'true' }).devRoutes).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DEV_ROUTES: 'sure' })).toThrow(/DEV_ROUTES/);
  });

  it('caps connections per client address, except behind a trusted proxy (every connection is the proxy)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).maxConnectionsPerAddress).toBe(256);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' }).maxConnectionsPerAddress).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true', CONNECTIONS_PER_IP: '2000' })).toMatchObject({
      maxConnectionsPerAddress: 2000,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), CONNECTIONS_PER_IP: '-1' })).toThrow(/CONNECTIONS_PER_IP/);
  });

  it('marks cookies secure when the public URL is https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://referwell.example', DATA_DIR: dataDir() }).secureCookies).toBe(true);
  });

  it('keeps files in the database unless S3 is configured', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).storage).toEqual({ provider: 'database' });
  });

  it('switches file storage to S3 when every S3 setting is given', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      S3_BUCKET: 'resumes',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.storage).toEqual({
      provider: 's3',
      bucket: 'resumes',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('refuses half an S3 configuration, naming what is missing', () => {
    const attempt = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(attempt({ S3_BUCKET: 'resumes', S3_REGION: 'us-east-1' })).toThrow(ConfigError);
    try {
      attempt({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'sometimes' })();
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems;
      expect(problems.some((p) => p.startsWith('S3_FORCE_PATH_STYLE'))).toBe(true);
      for (const name of ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
        expect(problems.some((p) => p.startsWith(`${name}: required for S3 file storage`))).toBe(true);
      }
    }
  });

  it('runs without billing unless every Stripe setting is given, and checks their shapes', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).stripe).toBeNull();
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_ENTERPRISE: 'price_e',
      STRIPE_PRICE_BETA: 'price_b',
      STRIPE_PRICE_BETA_YEAR: 'price_y',
    };
    expect(loadConfig({ DATA_DIR: dataDir(), ...stripe }).stripe).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      prices: { monthly: 'price_m', enterprise: 'price_e', beta: 'price_b', beta_year: 'price_y' },
      apiUrl: 'https://api.stripe.com',
      trialDays: 14,
      timeoutMs: 15_000,
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dataDir(), ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    // Half a configuration names what is missing; a wrong shape names the variable.
    expect(problems({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toContain(
      'STRIPE_WEBHOOK_SECRET: required for billing (set all of STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_ENTERPRISE, STRIPE_PRICE_BETA, STRIPE_PRICE_BETA_YEAR, or none to run without billing)',
    );
    const wrong = problems({
      ...stripe,
      STRIPE_SECRET_KEY: 'pk_test_public',
      STRIPE_WEBHOOK_SECRET: 'secret',
      STRIPE_PRICE_BETA: 'prod_x',
      STRIPE_TRIAL_DAYS: '-1',
    });
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_BETA', 'STRIPE_TRIAL_DAYS'])
      expect(wrong.some((p) => p.startsWith(`${name}:`))).toBe(true);
  });
  it('offers Slack only with its client id, client secret and signing secret together', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).slack).toBeNull();
    const slack = { SLACK_CLIENT_ID: '1.2', SLACK_CLIENT_SECRET: 'secret', SLACK_SIGNING_SECRET: 'signing' };
    expect(loadConfig({ DATA_DIR: dataDir(), ...slack }).slack).toEqual({
      clientId: '1.2',
      clientSecret: 'secret',
      signingSecret: 'signing',
      apiUrl: 'https://slack.com/api',
      authorizeUrl: 'https://slack.com/oauth/v2/authorize',
    });
    try {
      loadConfig({ DATA_DIR: dataDir(), SLACK_CLIENT_ID: '1.2', SLACK_API_URL: 'not a url' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems;
      expect(problems.some((p) => p.startsWith('SLACK_API_URL:'))).toBe(true);
      for (const name of ['SLACK_CLIENT_SECRET', 'SLACK_SIGNING_SECRET'])
        expect(problems.some((p) => p.startsWith(`${name}: required for Slack`))).toBe(true);
    }
  });
});
