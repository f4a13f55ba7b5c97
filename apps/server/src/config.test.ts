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

  it('marks cookies secure when the public URL is https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://referwell.example', DATA_DIR: dataDir() }).secureCookies).toBe(true);
  });
});
