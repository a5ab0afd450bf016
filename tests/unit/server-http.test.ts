import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { issuesToFieldErrors } from '../../src/server/http/validation';
import { contentSecurityPolicy } from '../../src/server/http/security-headers';
import { inlineScriptHashes } from '../../src/server/static/static-files';
import { loginWithWalletSchema } from '../../src/shared/schemas/auth';
import { patchUserSchema } from '../../src/shared/schemas/user';
import { isBusinessEmail } from '../../src/server/users/business-email';
import { privilegesFor } from '../../src/server/auth/privileges';
import { defaultWalletName } from '../../src/server/wallets/wallet-name';

const errors = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : issuesToFieldErrors(result.issues);
};

describe('field errors from valibot issues', () => {
  it('names the field, says what is wrong, and collects unknown fields', () => {
    expect(errors(loginWithWalletSchema, { address: 1, kind: 'X', extra: true })).toEqual({
      address: ['Not a valid string.'],
      kind: ['Choose one of: METAMASK, WALLET_CONNECT.'],
      extra: ['Unknown field.'],
    });
    expect(errors(loginWithWalletSchema, {})).toEqual({ address: ['This field is required'] });
    expect(errors(loginWithWalletSchema, { address: null })).toEqual({ address: ['This field may not be null.'] });
    expect(errors(loginWithWalletSchema, null)).toEqual({ non_field_errors: ['Expected a JSON object.'] });
  });

  it('joins nested paths with dots', () => {
    expect(errors(patchUserSchema, { suggestions: { ftcTimeout: 'soon', x: 1 } })).toEqual({
      'suggestions.ftcTimeout': ['Must be an ISO timestamp.'],
      'suggestions.x': ['Unknown field.'],
    });
  });
});

describe('content security policy', () => {
  it('allows the issuer, WalletConnect and the given inline script hashes only', () => {
    const csp = contentSecurityPolicy({ oidcIssuer: 'https://accounts.google.com/', scriptHashes: ['sha256-abc'] });
    expect(csp).toContain("script-src 'self' 'sha256-abc'");
    expect(csp).toContain("connect-src 'self' https://accounts.google.com https://*.walletconnect.com");
    expect(csp.split('; ').find((d) => d.startsWith('connect-src'))).toContain('wss://*.walletconnect.org');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('hashes inline scripts, not external ones', () => {
    const html = '<script>a()</script><script type="module" src="/x.js"></script><script type="module">\nb()\n</script><script> </script>';
    expect(inlineScriptHashes(html)).toEqual([
      'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4=',
      expect.stringMatching(/^sha256-[A-Za-z0-9+/]{43}=$/),
    ]);
  });
});

describe('accounts', () => {
  it('recognises business e-mails by allow-list or domain', () => {
    const config = { businessEmailDomain: 'acme.com', businessEmailAllowlist: ['boss@other.com'] };
    expect(isBusinessEmail('jane@acme.com', config)).toBe(true);
    expect(isBusinessEmail('Jane@ACME.com', config)).toBe(true);
    expect(isBusinessEmail('boss@other.com', config)).toBe(true);
    expect(isBusinessEmail('jane@notacme.com', config)).toBe(false);
    expect(isBusinessEmail('jane@sub.acme.com', config)).toBe(false);
    expect(isBusinessEmail('not an email @acme.com', config)).toBe(false);
    expect(isBusinessEmail(null, config)).toBe(false);
    expect(isBusinessEmail('jane@acme.com', { businessEmailDomain: undefined, businessEmailAllowlist: [] })).toBe(false);
  });

  it('grants staff and superuser rights from the lists', () => {
    const config = { staffEmails: ['s@x.com'], staffAddresses: ['0xabc'], superuserEmails: ['r@x.com'], superuserAddresses: ['0xdef'] };
    expect(privilegesFor(config, { email: 'S@X.com' })).toEqual({ isStaff: true, isSuperuser: false });
    expect(privilegesFor(config, { address: '0xABC' })).toEqual({ isStaff: true, isSuperuser: false });
    expect(privilegesFor(config, { email: 'r@x.com' })).toEqual({ isStaff: true, isSuperuser: true });
    expect(privilegesFor(config, { address: '0xDef' })).toEqual({ isStaff: true, isSuperuser: true });
    expect(privilegesFor(config, { email: 'other@x.com', address: '0x123' })).toEqual({ isStaff: false, isSuperuser: false });
  });

  it('names a wallet after its shortened address', () => {
    expect(defaultWalletName('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('Wallet 0x5a...f1BeAed');
    expect(defaultWalletName('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe('Wallet bc1q...kv8f3t4');
  });
});
