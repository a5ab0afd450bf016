import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages';
import { ApiError, NetworkError } from '../../src/app/lib/api-client';
import {
  addressLoginErrorText,
  joinAllErrors,
  joinFieldErrors,
  signInErrorText,
  WALLET_REJECTED,
} from '../../src/app/lib/error-text';
import { shortAddress } from '../../src/app/lib/short-address';

describe('joined error texts', () => {
  const errors = {
    address: ['Enter a valid Ethereum address.', 'Too long.'],
    non_field_errors: ['Signature does not match the address.', 'Try again.'],
    city: ['This field is required'],
  };

  it('joins one field with the given separator', () => {
    expect(joinFieldErrors(errors, 'address', ', ')).toBe('Enter a valid Ethereum address., Too long.');
    expect(joinFieldErrors(errors, 'non_field_errors', ' ')).toBe('Signature does not match the address. Try again.');
    expect(joinFieldErrors(errors, 'email', ' ')).toBe('');
    expect(joinFieldErrors(null, 'address', ' ')).toBe('');
    expect(joinFieldErrors({ address: [] }, 'address', ' ')).toBe('');
  });

  it('joins every message, non-field ones first', () => {
    expect(joinAllErrors(errors, ' | ')).toBe(
      'Signature does not match the address. | Try again. | Enter a valid Ethereum address. | Too long. | This field is required',
    );
    expect(joinAllErrors(undefined, ' ')).toBe('');
  });

  it('shows the address errors of an address login joined by a comma', () => {
    expect(addressLoginErrorText({ address: ['Provided address is invalid', 'Unsupported network'] })).toBe(
      'Provided address is invalid, Unsupported network',
    );
    expect(addressLoginErrorText({ non_field_errors: ['Too many attempts.'] })).toBe('Too many attempts.');
    expect(addressLoginErrorText(null)).toBe(MESSAGES.invalidAddress);
  });
});

describe('signInErrorText', () => {
  it('shows the joined non_field_errors of a 400', () => {
    const error = new ApiError(400, { non_field_errors: ['Sign-in request expired or already used.', 'Try again.'] }, null);
    expect(signInErrorText(error)).toBe('Sign-in request expired or already used. Try again.');
  });

  it('falls back to the field messages of a 400 without non_field_errors', () => {
    expect(signInErrorText(new ApiError(400, { address: ['Enter a valid Ethereum address.'] }, null))).toBe(
      'Enter a valid Ethereum address.',
    );
  });

  it('shows the detail of other statuses', () => {
    expect(signInErrorText(new ApiError(429, null, 'Too many attempts. Try again in 60 seconds.'))).toBe(
      'Too many attempts. Try again in 60 seconds.',
    );
  });

  it('uses the catalogue text when no response came', () => {
    expect(signInErrorText(new NetworkError())).toBe(MESSAGES.networkProblem);
  });

  it('explains a request rejected in the wallet and passes other wallet messages on', () => {
    expect(signInErrorText({ code: 4001, message: 'User rejected the request.' })).toBe(WALLET_REJECTED);
    expect(signInErrorText({ code: -32603, message: 'Internal JSON-RPC error.' })).toBe('Internal JSON-RPC error.');
    expect(signInErrorText({ code: -32603 })).toBe(MESSAGES.serverError);
  });

  it('shows plain errors by their message and anything else as the server error text', () => {
    expect(signInErrorText(new Error('The wallet returned no signature.'))).toBe('The wallet returned no signature.');
    expect(signInErrorText('boom')).toBe(MESSAGES.serverError);
  });
});

describe('shortAddress', () => {
  it('keeps the first 4 and the last 7 characters', () => {
    expect(shortAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x52...4169EE7');
    expect(shortAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe('bc1q...zwf5mdq');
    expect(shortAddress('0x1234')).toBe('0x1234');
  });
});
