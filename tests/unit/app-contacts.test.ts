import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactOut } from '../../src/shared/data-types';
import { contactSchema } from '../../src/shared/schemas/contact';
// First, as in the app (main.tsx): the query client module registers the mutation defaults while loading.
import { shouldRetryMutation } from '../../src/app/lib/query-client';
import { registerDataMutationDefaults } from '../../src/app/features/offline/mutation-defaults';
import { contactKeys, contactMutationKeys } from '../../src/app/features/contacts/contact-keys';
import {
  contactErrorText,
  optimisticContact,
  pendingContactId,
  sortContacts,
  type CreateContactVariables,
} from '../../src/app/features/contacts/contact-queries';
import {
  contactToForm,
  emptyContactForm,
  placeServerErrors,
  prepareContact,
  type ContactFormValues,
} from '../../src/app/features/contacts/contact-form-model';
import { filterContacts, matchesContact } from '../../src/app/features/contacts/contact-search';
import { firstAddressError } from '../../src/app/features/contacts/address-check';
import { ApiError } from '../../src/app/lib/api-client';

const filled: ContactFormValues = {
  ...emptyContactForm(),
  first_name: ' Ada ',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  address_line1: '12 St James Square',
  city: 'London',
  postal_code: 'SW1Y 4JH',
  country: 'United Kingdom',
  addresses: [
    { network: 'ETHEREUM', address: '' },
    { network: 'ETHEREUM', address: ' 0x52908400098527886E0F7030069857D2E4169EE7 ' },
    { network: 'BITCOIN', address: '   ' },
    { network: 'BITCOIN', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' },
  ],
};

function contact(overrides: Partial<ContactOut>): ContactOut {
  return {
    id: 'c1',
    first_name: 'Ada',
    last_name: 'Lovelace',
    company: 'Analytical Engines',
    email: 'ada@example.com',
    address_line1: 'x',
    address_line2: '',
    country: 'UK',
    city: 'London',
    postal_code: '1',
    tax_number: '',
    addresses: [{ network: 'ETHEREUM', address: '0x52908400098527886E0F7030069857D2E4169EE7' }],
    labels: [{ id: 'l', name: 'Supplier', color: 'BLUE' }],
    created_at: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}

describe('contact form', () => {
  it('drops empty address rows and remembers which row each sent address came from', () => {
    const { input, rowIndexes } = prepareContact(filled);
    expect(input.first_name).toBe('Ada');
    expect(input.addresses).toEqual([
      { network: 'ETHEREUM', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
      { network: 'BITCOIN', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' },
    ]);
    expect(rowIndexes).toEqual([1, 3]);
  });

  it('is valid for the shared contact schema the server uses', () => {
    expect(v.safeParse(contactSchema, prepareContact(filled).input).success).toBe(true);
    // The form's own values (with empty rows) pass too: empty rows are allowed while editing.
    expect(v.safeParse(contactSchema, filled).success).toBe(true);
    const missing = v.safeParse(contactSchema, { ...filled, city: ' ' });
    expect(missing.success).toBe(false);
    expect(missing.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([['city', 'This field is required']]);
  });

  it('puts server errors on fields and on the form rows they came from', () => {
    const placed = placeServerErrors(
      {
        email: ['Enter a valid email address'],
        'addresses.1.address': ['Enter a valid Bitcoin address.', 'Already used.'],
        'addresses.0.network': ['Network is required'],
        addresses: ['Duplicate address.', 'Too many addresses.'],
        non_field_errors: ['Contact exists.'],
      },
      [1, 3],
    );
    expect(placed.fields).toEqual({
      email: 'Enter a valid email address',
      'addresses.3.address': 'Enter a valid Bitcoin address., Already used.',
      'addresses.1.network': 'Network is required',
    });
    expect(placed.addresses).toBe('Duplicate address., Too many addresses.');
    expect(placed.general).toBe('Contact exists.');
  });

  it('starts an edit from the contact, with one empty row when it has no address', () => {
    const values = contactToForm(contact({ addresses: [] }));
    expect(values.addresses).toEqual([{ network: 'ETHEREUM', address: '' }]);
    expect(values.company).toBe('Analytical Engines');
  });

  it('reads the first validate-address error', () => {
    expect(firstAddressError({ address: ['Provided address is invalid', 'second'] })).toBe('Provided address is invalid');
    expect(firstAddressError({ network: ['Choose one of: ...'] })).toBe('Choose one of: ...');
    expect(firstAddressError(null)).toBeNull();
  });

  it('joins failure messages with a comma', () => {
    const error = new ApiError(400, { non_field_errors: ['Cannot delete.', 'Used by an invoice.'] }, null);
    expect(contactErrorText(error)).toBe('Cannot delete., Used by an invoice.');
  });
});

describe('contact list helpers', () => {
  it('searches names, company, e-mail, addresses and labels, word by word', () => {
    const ada = contact({});
    expect(matchesContact(ada, 'ada lovelace')).toBe(true);
    expect(matchesContact(ada, 'ENGINES')).toBe(true);
    expect(matchesContact(ada, '0x5290')).toBe(true);
    expect(matchesContact(ada, 'supplier')).toBe(true);
    expect(matchesContact(ada, 'babbage')).toBe(false);
    expect(filterContacts([ada], '  ')).toEqual([ada]);
  });

  it('orders by name and shows an offline create as pending', () => {
    const variables: CreateContactVariables = {
      contact: prepareContact(filled).input,
      idempotencyKey: 'k-1',
    };
    const pending = optimisticContact(variables, '2024-01-01T00:00:00Z');
    expect(pending.id).toBe(pendingContactId('k-1'));
    const sorted = sortContacts([contact({ id: '2', first_name: 'bob' }), pending, contact({ id: '3', first_name: 'Zoe' })]);
    expect(sorted.map((item) => item.first_name)).toEqual(['Ada', 'bob', 'Zoe']);
  });
});

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
}

describe('creating a contact', () => {
  let calls: Call[] = [];
  let failNext = 0;

  beforeEach(() => {
    calls = [];
    failNext = 0;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ method: init.method ?? 'GET', url, headers: { ...(init.headers as Record<string, string>) } });
      if (url === '/api/csrf') return new Response(null, { status: 204 });
      if (failNext > 0) {
        failNext -= 1;
        throw new TypeError('Failed to fetch');
      }
      return new Response(JSON.stringify(contact({ id: 'server-id' })), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    onlineManager.setOnline(true);
  });

  it('sends the same Idempotency-Key when a lost answer is retried, and lists the result', async () => {
    const client = new QueryClient({
      defaultOptions: { mutations: { networkMode: 'online', retry: shouldRetryMutation, retryDelay: 0 } },
    });
    registerDataMutationDefaults(client);
    client.setQueryData(contactKeys.list({ ordering: 'first_name' }), [contact({ id: 'old', first_name: 'Zed' })]);
    failNext = 1;
    const observer = new MutationObserver<ContactOut, Error, CreateContactVariables>(client, {
      mutationKey: contactMutationKeys.create,
    });
    await observer.mutate({ contact: prepareContact(filled).input, idempotencyKey: 'key-123' });

    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts.map((call) => call.headers['Idempotency-Key'])).toEqual(['key-123', 'key-123']);
    const list = client.getQueryData<ContactOut[]>(contactKeys.list({ ordering: 'first_name' }));
    expect(list?.map((item) => item.id)).toEqual(['server-id', 'old']);
  });
});
