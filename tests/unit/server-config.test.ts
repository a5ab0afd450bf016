import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../src/server/config/env';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerloop-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const KEY = 'k'.repeat(40);

describe('loadConfig', () => {
  it('has a working local default for everything', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8001,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir,
      publicUrl: 'http://localhost:8001',
      siweDomain: 'localhost:8001',
      siweUri: 'http://localhost:8001',
      secureCookies: false,
      siweChainId: 1,
      ethereumRpcUrl: undefined,
      oidcIssuer: 'https://accounts.google.com',
      googleClientId: undefined,
      walletconnectProjectId: undefined,
      sessionIdleHours: 168,
      sessionMaxDays: 30,
      loginRateLimitPerIp: 30,
      loginRateLimitPerAddress: 10,
      trustProxy: false,
      staticDir: 'dist',
      staffEmails: [],
      staffAddresses: [],
      superuserEmails: [],
      superuserAddresses: [],
      businessEmailDomain: undefined,
      businessEmailAllowlist: [],
      logLevel: 'info',
    });
    expect(config.secretKey.length).toBeGreaterThanOrEqual(32);
  });

  it('generates the secret key once with mode 0600 and reuses it', () => {
    const dataDir = join(tempDir(), 'nested');
    const first = loadConfig({ DATA_DIR: dataDir }).secretKey;
    const file = join(dataDir, 'secret-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).secretKey).toBe(first);
    // SECRET_KEY wins and writes nothing.
    const other = tempDir();
    expect(loadConfig({ DATA_DIR: other, SECRET_KEY: KEY }).secretKey).toBe(KEY);
    expect(() => statSync(join(other, 'secret-key'))).toThrow();
  });

  it('refuses an unusable secret key file', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'secret-key'), 'short');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/holds no usable key/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db:5432/app',
      DATA_DIR: '/var/lib/ledgerloop',
      SECRET_KEY: KEY,
      PUBLIC_URL: 'https://app.example.com/',
      SIWE_CHAIN_ID: '137',
      ETHEREUM_RPC_URL: 'https://rpc.example.com',
      OIDC_ISSUER: 'https://issuer.example.com/',
      GOOGLE_CLIENT_ID: 'gid',
      WALLETCONNECT_PROJECT_ID: 'wc',
      SESSION_IDLE_HOURS: '2',
      SESSION_MAX_DAYS: '7',
      LOGIN_RATE_LIMIT_PER_IP: '100',
      LOGIN_RATE_LIMIT_PER_ADDRESS: '5',
      TRUST_PROXY: 'yes',
      STATIC_DIR: '/srv/www',
      STAFF_EMAILS: 'A@x.com, b@x.com,,',
      STAFF_ADDRESSES: '0xAbC',
      SUPERUSER_EMAILS: 'root@x.com',
      SUPERUSER_ADDRESSES: '0xDEF',
      BUSINESS_EMAIL_DOMAIN: '@Acme.com',
      BUSINESS_EMAIL_ALLOWLIST: 'Boss@Other.com',
      LOG_LEVEL: 'WARN',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db:5432/app',
      publicUrl: 'https://app.example.com',
      siweDomain: 'app.example.com',
      siweUri: 'https://app.example.com',
      secureCookies: true,
      siweChainId: 137,
      ethereumRpcUrl: 'https://rpc.example.com',
      oidcIssuer: 'https://issuer.example.com',
      sessionIdleHours: 2,
      sessionMaxDays: 7,
      loginRateLimitPerIp: 100,
      loginRateLimitPerAddress: 5,
      trustProxy: true,
      staticDir: '/srv/www',
      staffEmails: ['a@x.com', 'b@x.com'],
      staffAddresses: ['0xabc'],
      superuserEmails: ['root@x.com'],
      superuserAddresses: ['0xdef'],
      businessEmailDomain: 'acme.com',
      businessEmailAllowlist: ['boss@other.com'],
      logLevel: 'warn',
    });
  });

  it('PUBLIC_URL defaults to the port and keeps a non-default port in the domain', () => {
    expect(loadConfig({ SECRET_KEY: KEY, PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ SECRET_KEY: KEY, PUBLIC_URL: 'http://192.168.1.5:8080' }).siweDomain).toBe('192.168.1.5:8080');
  });

  it('checks every URL variable at start, naming the variable and what is wrong', () => {
    const problem = (env: Record<string, string>): string => {
      try {
        loadConfig({ SECRET_KEY: KEY, ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return '';
    };
    expect(problem({ PUBLIC_URL: 'https://user:secret@app.example.com' })).toContain('PUBLIC_URL must not contain a user name or password');
    expect(problem({ PUBLIC_URL: 'https://user@app.example.com' })).toContain('PUBLIC_URL must not contain a user name or password');
    expect(problem({ PUBLIC_URL: 'https://app.example.com/ledger' })).toContain('PUBLIC_URL must be an origin only');
    expect(problem({ PUBLIC_URL: 'https://app.example.com/?a=1' })).toContain('PUBLIC_URL must be an origin only');
    expect(problem({ PUBLIC_URL: 'https://[::1' })).toContain('PUBLIC_URL must be a URL');
    expect(problem({ PUBLIC_URL: 'ftp://app.example.com' })).toContain('PUBLIC_URL must start with http:// or https://');
    expect(problem({ ETHEREUM_RPC_URL: 'http://exa mple.com' })).toContain('ETHEREUM_RPC_URL must be a URL');
    expect(problem({ ESPLORA_BASE_URL: 'mempool.space/api' })).toContain('ESPLORA_BASE_URL must be a URL');
    expect(problem({ OIDC_ISSUER: 'javascript:alert(1)' })).toContain('OIDC_ISSUER must start with http:// or https://');
    expect(problem({ BLOCKSCOUT_URLS: 'ETHEREUM=https://[bad' })).toContain('BLOCKSCOUT_URLS must be a comma list of NETWORK=URL');
    expect(problem({ DATABASE_URL: 'postgres://[bad/db' })).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
    // Provider URLs may carry credentials (a node behind basic authentication).
    expect(loadConfig({ SECRET_KEY: KEY, ETHEREUM_RPC_URL: 'https://user:pw@node.example' }).ethereumRpcUrl).toBe('https://user:pw@node.example');
  });

  it('takes an IPv6 PUBLIC_URL as the bracketed EIP-4361 domain', () => {
    const config = loadConfig({ SECRET_KEY: KEY, PUBLIC_URL: 'http://[::1]:8001/' });
    expect(config).toMatchObject({ publicUrl: 'http://[::1]:8001', siweDomain: '[::1]:8001', siweUri: 'http://[::1]:8001' });
    expect(loadConfig({ SECRET_KEY: KEY, PUBLIC_URL: 'https://[2001:db8::1]' }).siweDomain).toBe('[2001:db8::1]');
  });

  it('treats blank values as unset', () => {
    const config = loadConfig({ SECRET_KEY: KEY, DATABASE_URL: '  ', GOOGLE_CLIENT_ID: '', PORT: '' });
    expect(config).toMatchObject({ databaseUrl: undefined, googleClientId: undefined, port: 8001 });
  });

  it('lists every invalid variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({
        SECRET_KEY: 'short',
        PORT: '70000',
        DATABASE_URL: 'mysql://x',
        PUBLIC_URL: 'not a url',
        TRUST_PROXY: 'maybe',
        LOG_LEVEL: 'loud',
        SESSION_MAX_DAYS: '1.5',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const text of [
      'PORT must be at most 65535',
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
      'SECRET_KEY must be at least 32 characters',
      'PUBLIC_URL must be a URL',
      'TRUST_PROXY must be true or false',
      'LOG_LEVEL must be one of debug, info, warn, error, silent',
      'SESSION_MAX_DAYS must be a whole number',
    ]) {
      expect(message).toContain(text);
    }
  });
});
