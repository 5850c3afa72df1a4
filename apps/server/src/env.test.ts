import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 8080, DATA_DIR: './data', SEED_DEMO: true, LOG_LEVEL: 'info' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env).toMatchObject({ MEDIA_QUOTA_BYTES: 5 * 1024 ** 3, MEDIA_UPLOAD_RATE_BYTES_PER_HOUR: 2 * 1024 ** 3 });
  });

  it('treats empty values as unset', () => {
    const env = parseEnv({ PORT: '', DATABASE_URL: '' });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads flags and numbers', () => {
    expect(parseEnv({ SEED_DEMO: 'false', PORT: '9000' })).toMatchObject({ SEED_DEMO: false, PORT: 9000 });
  });

  it('believes no proxy unless told how many stand in front', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  });

  it('refuses private webhook targets unless told to allow them', () => {
    expect(parseEnv({}).WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(false);
    expect(parseEnv({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }).WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(true);
  });

  it('reads from a replica only beside a PostgreSQL primary (decision 098)', () => {
    expect(parseEnv({}).DATABASE_READ_URL).toBeUndefined();
    expect(parseEnv({}).DATABASE_READ_MAX_LAG_MS).toBe(10_000);
    const env = parseEnv({ DATABASE_URL: 'postgres://db/adloop', DATABASE_READ_URL: 'postgres://replica/adloop' });
    expect(env.DATABASE_READ_URL).toBe('postgres://replica/adloop');
  });

  it('keeps the origin of PUBLIC_URL, which invitation links name (decision 089)', () => {
    expect(parseEnv({}).PUBLIC_URL).toBeUndefined();
    expect(parseEnv({ PUBLIC_URL: 'https://Ads.Example.com/' }).PUBLIC_URL).toBe('https://ads.example.com');
    expect(parseEnv({ PUBLIC_URL: 'http://localhost:8080' }).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('keeps every play unless PLAY_RETENTION_MONTHS names whole months (decision 097)', () => {
    expect(parseEnv({}).PLAY_RETENTION_MONTHS).toBeUndefined();
    expect(parseEnv({ PLAY_RETENTION_MONTHS: '13' }).PLAY_RETENTION_MONTHS).toBe(13);
  });

  it.each([
    [{ PLAY_RETENTION_MONTHS: '0' }, 'PLAY_RETENTION_MONTHS'],
    [{ PLAY_RETENTION_MONTHS: '1.5' }, 'PLAY_RETENTION_MONTHS'],
    [{ PLAY_RETENTION_MONTHS: 'a year' }, 'PLAY_RETENTION_MONTHS'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ DEMO_SCREEN_PASSCODE: '12345' }, 'DEMO_SCREEN_PASSCODE'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ ADMIN_EMAIL: 'admin' }, 'ADMIN_EMAIL'],
    [{ MEDIA_QUOTA_BYTES: '5GB' }, 'MEDIA_QUOTA_BYTES'],
    [{ MEDIA_UPLOAD_RATE_BYTES_PER_HOUR: '0' }, 'MEDIA_UPLOAD_RATE_BYTES_PER_HOUR'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ ALERT_WEBHOOK_URL: 'ftp://hooks.example.com' }, 'ALERT_WEBHOOK_URL'],
    [{ ALERT_WEBHOOK_URL: 'https://hooks.example.com/adloop' }, 'ALERT_WEBHOOK_SECRET'],
    [{ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'sometimes' }, 'WEBHOOK_ALLOW_PRIVATE_TARGETS'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ PUBLIC_URL: 'ads.example.com' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'ftp://ads.example.com' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://ads.example.com/adloop' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://user:pw@ads.example.com' }, 'PUBLIC_URL'],
    [{ METRICS_TOKEN: 'sixteen or more but spaced' }, 'METRICS_TOKEN'],
    [{ DATABASE_READ_URL: 'postgres://replica/adloop' }, 'DATABASE_READ_URL'],
    [{ DATABASE_URL: 'postgres://db/adloop', DATABASE_READ_URL: 'mysql://replica/adloop' }, 'DATABASE_READ_URL'],
    [{ DATABASE_URL: 'postgres://db/adloop', DATABASE_READ_URL: 'postgres://db/adloop' }, 'DATABASE_READ_URL'],
    [{ DATABASE_READ_MAX_LAG_MS: 'soon' }, 'DATABASE_READ_MAX_LAG_MS'],
  ])('refuses %o naming %s', (source, name) => {
    expect(() => parseEnv(source)).toThrow(name);
  });
});
