import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages';
import { addressFromPath } from '../../src/app/features/address-login/address-from-path';
import {
  emailError,
  joinName,
  nameChanged,
  profileAddressSchema,
  splitName,
} from '../../src/app/features/settings/profile-fields';
import {
  DEFAULT_SETTINGS_SECTION,
  parseSettingsSection,
  SETTINGS_MENU,
  settingsViewLabel,
} from '../../src/app/features/settings/settings-section';

describe('splitName', () => {
  it('splits on the first space only', () => {
    expect(splitName('Ada Lovelace')).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
    expect(splitName('John Ronald Reuel Tolkien')).toEqual({ first_name: 'John', last_name: 'Ronald Reuel Tolkien' });
  });

  it('puts a single word in the first name', () => {
    expect(splitName('Cher')).toEqual({ first_name: 'Cher', last_name: '' });
    expect(splitName('')).toEqual({ first_name: '', last_name: '' });
  });

  it('ignores surrounding spaces and extra spaces after the first one', () => {
    expect(splitName('  Grace   Brewster Hopper  ')).toEqual({ first_name: 'Grace', last_name: 'Brewster Hopper' });
    expect(splitName('Ada ')).toEqual({ first_name: 'Ada', last_name: '' });
  });

  it('round-trips with joinName', () => {
    const parts = { first_name: 'Ada', last_name: 'King Lovelace' };
    expect(splitName(joinName(parts))).toEqual(parts);
    expect(joinName({ first_name: '', last_name: 'Lovelace' })).toBe('Lovelace');
  });

  it('knows when a typed name changes the stored one', () => {
    const stored = { first_name: 'Ada', last_name: 'Lovelace' };
    expect(nameChanged('Ada Lovelace ', stored)).toBe(false);
    expect(nameChanged('Ada  Lovelace', stored)).toBe(false);
    expect(nameChanged('Ada King', stored)).toBe(true);
    expect(nameChanged('', stored)).toBe(true);
  });
});

describe('emailError', () => {
  it('accepts e-mail addresses and an empty field', () => {
    expect(emailError('ada@example.com')).toBeNull();
    expect(emailError('  ada.lovelace+invoices@mail.example.org ')).toBeNull();
    expect(emailError('')).toBeNull();
  });

  it('refuses anything else with the documented text', () => {
    for (const value of ['ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', `${'a'.repeat(250)}@example.com`]) {
      expect(emailError(value)).toBe(MESSAGES.invalidEmail);
    }
  });
});

describe('profileAddressSchema', () => {
  it('requires line 1, city, postal code and country', () => {
    const result = v.safeParse(profileAddressSchema, {
      address_line1: ' ',
      address_line2: '',
      city: '',
      postal_code: '',
      country: '',
      tax_number: '',
    });
    expect(result.success).toBe(false);
    const paths = (result.issues ?? []).map((issue) => issue.path?.[0]?.key);
    expect(paths).toEqual(['address_line1', 'city', 'postal_code', 'country']);
    expect(new Set(result.issues?.map((issue) => issue.message))).toEqual(new Set([MESSAGES.required]));
  });

  it('trims the values and leaves optional ones empty', () => {
    expect(
      v.parse(profileAddressSchema, {
        address_line1: ' Main Street 1 ',
        city: 'Ljubljana ',
        postal_code: ' 1000',
        country: 'Slovenia',
      }),
    ).toEqual({
      address_line1: 'Main Street 1',
      address_line2: '',
      city: 'Ljubljana',
      postal_code: '1000',
      country: 'Slovenia',
      tax_number: '',
    });
  });

  it('limits lengths as the server does', () => {
    const result = v.safeParse(profileAddressSchema, {
      address_line1: 'x'.repeat(256),
      city: 'c',
      postal_code: 'p'.repeat(33),
      country: 'c',
    });
    expect(result.issues?.map((issue) => issue.path?.[0]?.key)).toEqual(['address_line1', 'postal_code']);
  });
});

describe('settings sections', () => {
  it('defaults to integrations and accepts the four URL sections', () => {
    expect(DEFAULT_SETTINGS_SECTION).toBe('integrations');
    expect(parseSettingsSection(undefined)).toBe('integrations');
    expect(parseSettingsSection('billing')).toBe('integrations');
    expect(parseSettingsSection('PROFILE')).toBe('integrations');
    for (const section of ['profile', 'settings', 'integrations', 'fiat-to-crypto']) {
      expect(parseSettingsSection(section)).toBe(section);
    }
  });

  it('lists the side menu in the documented order', () => {
    expect(SETTINGS_MENU.map((item) => item.label)).toEqual(['Profile', 'Settings', 'Billing', 'Integrations', 'Fiat-to-crypto']);
    expect(settingsViewLabel('fiat-to-crypto')).toBe('Fiat-to-crypto');
  });
});

describe('addressFromPath', () => {
  it('reads the path without its slashes as the address', () => {
    expect(addressFromPath('/0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x52908400098527886E0F7030069857D2E4169EE7');
    expect(addressFromPath('/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq/')).toBe('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    expect(addressFromPath('/ronin%3A52908400098527886e0f7030069857d2e4169ee7')).toBe('ronin:52908400098527886e0f7030069857d2e4169ee7');
  });

  it('keeps inner slashes (then validation refuses the value) and survives bad escapes', () => {
    expect(addressFromPath('/some/page')).toBe('some/page');
    expect(addressFromPath('/%E0%A4%A')).toBe('%E0%A4%A');
    expect(addressFromPath('/')).toBe('');
  });
});
