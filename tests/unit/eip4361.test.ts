import { describe, expect, it } from 'vitest';
import { formatSiweMessage, isAuthority, parseDateTime, parseSiweMessage } from '../../src/server/auth/eip4361';

const ADDRESS = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';

/** The example of the standard's text, with every optional field. */
const FULL = [
  'https://example.com wants you to sign in with your Ethereum account:',
  ADDRESS,
  '',
  'I accept the ExampleOrg Terms of Service: https://example.com/tos',
  '',
  'URI: https://example.com/login',
  'Version: 1',
  'Chain ID: 1',
  'Nonce: 32891756',
  'Issued At: 2021-09-30T16:25:24Z',
  'Expiration Time: 2021-10-01T16:25:24+02:00',
  'Not Before: 2021-09-30T16:25:24.123-05:30',
  'Request ID: some_id:42@x',
  'Resources:',
  '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
  '- https://example.com/my-web2-claim.json',
].join('\n');

const minimal = (overrides: Record<number, string | null> = {}): string => {
  const lines = [
    'example.com wants you to sign in with your Ethereum account:',
    ADDRESS,
    '',
    'Sign in.',
    '',
    'URI: https://example.com',
    'Version: 1',
    'Chain ID: 137',
    'Nonce: abcdEFGH1234',
    'Issued At: 2024-02-29T00:00:00Z',
  ];
  for (const [index, line] of Object.entries(overrides)) lines[Number(index)] = line as string;
  return lines.filter((line) => line !== null).join('\n');
};

describe('EIP-4361 grammar', () => {
  it("reads the standard's full example", () => {
    const fields = parseSiweMessage(FULL);
    expect(fields).toMatchObject({
      scheme: 'https',
      domain: 'example.com',
      address: ADDRESS,
      statement: 'I accept the ExampleOrg Terms of Service: https://example.com/tos',
      uri: 'https://example.com/login',
      version: '1',
      chainId: 1,
      nonce: '32891756',
      requestId: 'some_id:42@x',
      resources: [
        'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
        'https://example.com/my-web2-claim.json',
      ],
    });
    expect(fields?.issuedAt.toISOString()).toBe('2021-09-30T16:25:24.000Z');
    expect(fields?.expirationTime?.toISOString()).toBe('2021-10-01T14:25:24.000Z');
    expect(fields?.notBefore?.toISOString()).toBe('2021-09-30T21:55:24.123Z');
  });

  it('reads a message without a statement (one or two blank lines)', () => {
    expect(parseSiweMessage(minimal({ 3: null }))?.statement).toBeUndefined();
    expect(parseSiweMessage(minimal({ 3: null, 4: null }))?.statement).toBeUndefined();
  });

  it('accepts authorities by RFC 3986: names, ports, IPv4, bracketed IPv6, userinfo', () => {
    for (const authority of ['example.com', 'localhost:8001', '127.0.0.1:80', '[::1]:8001', '[2001:db8::7]', 'user:pw@host.example', 'xn--bcher-kva.example', '[v1.fe80::a+en1]']) {
      expect(isAuthority(authority), authority).toBe(true);
      expect(parseSiweMessage(minimal({ 0: `${authority} wants you to sign in with your Ethereum account:` }))?.domain).toBe(authority);
    }
    for (const authority of ['', '::1', '[::1', '[::1]x', '[:::1]:80', 'host:80:90', 'host:port', 'exa mple.com', 'a/b', 'a@b@c', '[::1]:8x', 'ex%ZZ.com']) {
      expect(isAuthority(authority), authority).toBe(false);
    }
  });

  it('checks the address (40 hex digits, EIP-55 checksum when mixed case)', () => {
    expect(parseSiweMessage(minimal({ 1: ADDRESS.toLowerCase() }))).toBeDefined();
    expect(parseSiweMessage(minimal({ 1: ADDRESS.replace('C02', 'c02') }))).toBeUndefined();
    expect(parseSiweMessage(minimal({ 1: ADDRESS.slice(0, -1) }))).toBeUndefined();
    expect(parseSiweMessage(minimal({ 1: `${ADDRESS}0` }))).toBeUndefined();
  });

  it('refuses what the grammar does not allow', () => {
    const refused: Record<number, string>[] = [
      { 2: 'x' },
      { 3: 'Ünïcode is not in the statement alphabet' },
      { 3: 'tab\tinside' },
      { 5: 'URI: not a uri' },
      { 5: 'URI: https://example.com/%zz' },
      { 6: 'Version: 2' },
      { 7: 'Chain ID: -1' },
      { 7: 'Chain ID: 0x1' },
      { 8: 'Nonce: abc1234' },
      { 8: 'Nonce: abcd-1234' },
      { 9: 'Issued At: 2024-02-29 00:00:00Z' },
      { 9: 'Issued At: 2024-02-29T00:00:00' },
      { 0: 'example.com wants you to sign in with your account:' },
      { 0: '1http://example.com wants you to sign in with your Ethereum account:' },
    ];
    for (const overrides of refused) expect(parseSiweMessage(minimal(overrides)), JSON.stringify(overrides)).toBeUndefined();
    expect(parseSiweMessage(`${minimal()}\nRequest ID: a b`)).toBeUndefined();
    expect(parseSiweMessage(`${minimal()}\nResources:\n- not a uri`)).toBeUndefined();
    expect(parseSiweMessage(`${minimal()}\nExpiration Time: 2024-02-30T00:00:00Z`)).toBeUndefined();
    expect(parseSiweMessage(`${minimal()}\nNot Before: 2024-13-01T00:00:00Z`)).toBeUndefined();
    expect(parseSiweMessage(`${minimal()}\n`)).toBeUndefined();
    expect(parseSiweMessage(`${minimal()}\nSomething: else`)).toBeUndefined();
    // Optional fields come in the standard's order only.
    expect(parseSiweMessage(`${minimal()}\nNot Before: 2024-03-01T00:00:00Z\nExpiration Time: 2024-03-02T00:00:00Z`)).toBeUndefined();
  });

  it('checks RFC 3339 date-times against the calendar', () => {
    expect(parseDateTime('2024-02-29T12:00:00Z')?.toISOString()).toBe('2024-02-29T12:00:00.000Z');
    expect(parseDateTime('2000-02-29T00:00:00Z')).toBeDefined();
    expect(parseDateTime('2023-02-29T00:00:00Z')).toBeUndefined();
    expect(parseDateTime('1900-02-29T00:00:00Z')).toBeUndefined();
    expect(parseDateTime('2021-02-30T00:00:00Z')).toBeUndefined();
    expect(parseDateTime('2021-04-31T00:00:00Z')).toBeUndefined();
    expect(parseDateTime('2021-12-31T23:59:60Z')?.toISOString()).toBe('2022-01-01T00:00:00.000Z');
    expect(parseDateTime('2021-01-01T24:00:00Z')).toBeUndefined();
    expect(parseDateTime('2021-01-01T12:60:00Z')).toBeUndefined();
    expect(parseDateTime('2021-01-01T12:00:61Z')).toBeUndefined();
    expect(parseDateTime('2021-00-10T00:00:00Z')).toBeUndefined();
    expect(parseDateTime('2021-01-00T00:00:00Z')).toBeUndefined();
    expect(parseDateTime('2021-01-01T00:00:00+24:00')).toBeUndefined();
    expect(parseDateTime('2021-01-01T00:00:00+05:60')).toBeUndefined();
    expect(parseDateTime('2021-01-01t00:00:00.5z')?.toISOString()).toBe('2021-01-01T00:00:00.500Z');
    expect(parseDateTime('0050-06-01T00:00:00Z')?.getUTCFullYear()).toBe(50);
    expect(parseDateTime('2021-1-01T00:00:00Z')).toBeUndefined();
  });

  it('writes what it reads, and refuses to write what it would not read', () => {
    const fields = parseSiweMessage(minimal({ 0: '[::1]:8001 wants you to sign in with your Ethereum account:' }));
    if (fields === undefined) throw new Error('not parsed');
    const written = formatSiweMessage({ ...fields, expirationTime: new Date('2024-03-01T00:00:00Z') });
    expect(written.split('\n')[0]).toBe('[::1]:8001 wants you to sign in with your Ethereum account:');
    expect(parseSiweMessage(written)?.expirationTime?.toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(() => formatSiweMessage({ ...fields, domain: '[::1' })).toThrow();
    expect(() => formatSiweMessage({ ...fields, statement: 'two\nlines' })).toThrow();
  });
});
