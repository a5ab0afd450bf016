import { describe, expect, it } from 'vitest';
import { matchTab } from '../../src/app/features/top-bar/main-tabs';
import { shortAddress } from '../../src/app/lib/format';
import { readCookie } from '../../src/app/lib/cookies';

describe('matchTab', () => {
  it('highlights the tab named by the path', () => {
    expect(matchTab('/overview')?.name).toBe('Overview');
    expect(matchTab('/transactions')?.name).toBe('Transactions');
    expect(matchTab('/Wallets/')?.name).toBe('Wallets');
    expect(matchTab('/documents')?.name).toBe('Documents');
  });

  it('finds a tab name anywhere in the path', () => {
    expect(matchTab('/settings/contacts-import')?.name).toBe('Contacts');
  });

  it('prefers the first segment over later mentions', () => {
    expect(matchTab('/documents/wallets')?.name).toBe('Documents');
  });

  it('highlights nothing elsewhere', () => {
    expect(matchTab('/faq')).toBeNull();
    expect(matchTab('/new-invoice')).toBeNull();
    expect(matchTab('/')).toBeNull();
  });
});

describe('shortAddress', () => {
  it('keeps the first 4 and last 7 characters', () => {
    expect(shortAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x52...4169EE7');
  });

  it('leaves short values whole', () => {
    expect(shortAddress('bc1qshort')).toBe('bc1qshort');
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; csrftoken=abc.def%3D; b=2', 'csrftoken')).toBe('abc.def=');
  });

  it('returns null when absent and does not match prefixes', () => {
    expect(readCookie('xcsrftoken=1', 'csrftoken')).toBeNull();
    expect(readCookie('', 'csrftoken')).toBeNull();
  });
});
