import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/shared/api-types';
import type { PlanLimit } from '../../src/shared/contract/plans';
import type { WalletOut as Wallet } from '../../src/shared/contract/wallets';
import { avatarLetter } from '../../src/app/features/account-menu/avatar';
import { signedInAs } from '../../src/app/features/account-menu/account-menu';
import { limitMessage } from '../../src/app/features/quick-create/quick-create-menu';
import { ApiError, NetworkError } from '../../src/app/lib/api-client';
import { shouldRetryMutation, shouldRetryQuery } from '../../src/app/lib/query-client';
import { parseStoredUser } from '../../src/app/lib/session';
import { parseTheme } from '../../src/app/lib/theme';
import { getToasts, toast } from '../../src/app/lib/toast';
import { applyWalletActive } from '../../src/app/lib/wallet-queries';

function wallet(id: string, isActive: boolean): Wallet {
  return { id, name: id, address: `0x${id}`, network: 'ETHEREUM', is_active: isActive } as Wallet;
}

describe('stored user', () => {
  it('parses a stored user and rejects anything malformed', () => {
    expect(parseStoredUser(JSON.stringify({ id: 'u1', full_access: true }))?.id).toBe('u1');
    expect(parseStoredUser(null)).toBeNull();
    expect(parseStoredUser('{not json')).toBeNull();
    expect(parseStoredUser(JSON.stringify({ id: 1 }))).toBeNull();
  });
});

describe('theme', () => {
  it('defaults to light for unknown values', () => {
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme('blue')).toBe('light');
    expect(parseTheme(null)).toBe('light');
  });
});

describe('toast', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a message for 5 seconds and does not stack the same text', () => {
    vi.useFakeTimers();
    toast('Text copied to the clipboard', 'success');
    toast('Text copied to the clipboard', 'success');
    expect(getToasts().filter((item) => item.message === 'Text copied to the clipboard')).toHaveLength(1);
    vi.advanceTimersByTime(4999);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });
});

describe('wallet is_active toggle', () => {
  it('changes only the toggled wallet', () => {
    const before = [wallet('a', true), wallet('b', true)];
    const after = applyWalletActive(before, { id: 'b', is_active: false });
    expect(after.map((item) => item.is_active)).toEqual([true, false]);
    expect(before[1]?.is_active).toBe(true);
  });
});

describe('retry rules', () => {
  it('queries retry network failures and 5xx up to 3 times, never 4xx', () => {
    expect(shouldRetryQuery(0, new NetworkError())).toBe(true);
    expect(shouldRetryQuery(2, new ApiError(500, null, null))).toBe(true);
    expect(shouldRetryQuery(3, new ApiError(500, null, null))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(404, null, 'Not found.'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(401, null, null))).toBe(false);
  });

  it('mutations retry only when no response came', () => {
    expect(shouldRetryMutation(0, new NetworkError())).toBe(true);
    expect(shouldRetryMutation(2, new NetworkError())).toBe(false);
    expect(shouldRetryMutation(0, new ApiError(500, null, null))).toBe(false);
  });
});

describe('account menu texts', () => {
  const google = { type: 'GOOGLE', signed_email: 'ada@example.com', email: 'ada@example.com', address: '' } as User;
  const wallet = { type: 'METAMASK', signed_email: null, email: '', address: '0xAbC' } as User;

  it('signed in as: e-mail for Google, the address otherwise', () => {
    expect(signedInAs(google)).toBe('ada@example.com');
    expect(signedInAs(wallet)).toBe('0xAbC');
  });

  it('avatar letter is the first letter of the e-mail', () => {
    expect(avatarLetter(google)).toBe('A');
    expect(avatarLetter({ signed_email: null, email: '' })).toBe('?');
  });
});

describe('plan limit texts', () => {
  it('names the plan limit', () => {
    const limit: PlanLimit = { limit: 10, count: 10, can_create: false };
    expect(limitMessage('invoice', limit)).toBe(
      'Oh no! You can only create 10 invoices on your current plan. Upgrade your plan to proceed.',
    );
    expect(limitMessage('wallet', { limit: 1, count: 1, can_create: false })).toBe(
      'Oh no! You have reached your maximum 1 wallets and public keys. Upgrade your plan to see more.',
    );
  });
});
