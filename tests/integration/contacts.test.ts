import type { ContactOut } from '../../src/shared/contract/contacts';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../src/shared/api-paths';
import { labelEndpoints } from '../../src/shared/contract/labels';
import { pathOf } from '../../src/shared/contract/endpoint';
import type { LabelOut } from '../../src/shared/contract/primitives';
import { contactAddresses, contacts } from '../../src/server/db/schema';
import { contactsForAddresses } from '../../src/server/contacts/contact-addresses';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json, type TestClient } from './helpers/test-client';
import { signInWithAddress, signInWithWallet } from './helpers/sign-in';

const FORBIDDEN = { detail: 'This feature is available only for logged in users' };
const EVM = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const ada = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  address_line1: '12 Analytical Row',
  country: 'United Kingdom',
  city: 'London',
  postal_code: 'N1 9GU',
};

const person = (first: string, last: string, extra: Record<string, unknown> = {}) => ({
  ...ada,
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@example.com`,
  ...extra,
});

describe.each(availableDrivers())('contacts on %s', (kind) => {
  const suite = setupSuite(kind);

  async function signedIn(): Promise<{ client: TestClient; userId: string }> {
    const client = suite.client();
    const user = await signInWithWallet(client);
    return { client, userId: user.id };
  }

  async function create(client: TestClient, body: unknown, headers: Record<string, string> = {}): Promise<ContactOut> {
    const response = await client.post(API.contacts, body, { headers });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return json<ContactOut>(response);
  }

  async function label(client: TestClient, name: string, color = 'BLUE'): Promise<LabelOut> {
    const response = await client.post(labelEndpoints.createLabel.path, { name, color });
    expect(response.status).toBe(201);
    return json<LabelOut>(response);
  }

  const list = async (client: TestClient, query = ''): Promise<ContactOut[]> => {
    const response = await client.get(`${API.contacts}${query}`);
    expect(response.status).toBe(200);
    return json<ContactOut[]>(response);
  };

  it('creates a contact with normalised addresses (empty rows dropped) and labels, and lists it', async () => {
    const { client } = await signedIn();
    const rent = await label(client, 'rent', 'GREEN');
    const art = await label(client, 'Art', 'PINK');
    const created = await create(client, {
      ...ada,
      first_name: '  Ada ',
      company: 'Analytical Engines',
      tax_number: null,
      addresses: [
        { network: 'ETHEREUM', address: EVM.toLowerCase() },
        { network: 'BITCOIN', address: '' },
        { network: 'BITCOIN', address: BTC.toUpperCase() },
        { network: 'ETHEREUM', address: EVM },
        { address: ' ' },
      ],
      labels: [rent.id, art.id, rent.id],
    });
    expect(created).toEqual({
      id: expect.any(String) as string,
      ...ada,
      company: 'Analytical Engines',
      address_line2: '',
      tax_number: '',
      addresses: [
        { network: 'ETHEREUM', address: EVM },
        { network: 'BITCOIN', address: BTC },
      ],
      labels: [art, rent],
      created_at: suite.clock.now().toISOString(),
    });
    expect(await list(client)).toEqual([created]);
  });

  it('reports every missing or wrong field at once, per address row, and changes nothing', async () => {
    const { client, userId } = await signedIn();
    const empty = await client.post(API.contacts, {});
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      first_name: ['This field is required'],
      last_name: ['This field is required'],
      email: ['This field is required'],
      address_line1: ['This field is required'],
      country: ['This field is required'],
      city: ['This field is required'],
      postal_code: ['This field is required'],
    });

    const wrong = await client.post(API.contacts, {
      ...ada,
      email: 'ada-at-example',
      city: '  ',
      addresses: [
        { network: 'ETHEREUM', address: EVM },
        { network: 'BITCOIN', address: EVM },
        { address: BTC },
        { network: 'ETHEREUM', address: 'hello' },
      ],
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      email: ['Enter a valid email address'],
      city: ['This field is required'],
      'addresses.1.address': ['Enter a valid Bitcoin address.'],
      'addresses.2.network': ['Network is required'],
      'addresses.3.address': ['Enter a valid Ethereum address.'],
    });

    const unknownField = await client.post(API.contacts, { ...ada, owner: 'me' });
    expect(unknownField.status).toBe(400);
    expect(await unknownField.json()).toEqual({ owner: ['Unknown field.'] });

    const notAList = await client.post(API.contacts, { ...ada, addresses: 'x', labels: 'y' });
    expect(notAList.status).toBe(400);
    expect(await notAList.json()).toEqual({
      addresses: ['Expected a list of addresses.'],
      labels: ['Expected a list of label ids.'],
    });

    expect(await suite.db.select().from(contacts).where(eq(contacts.userId, userId))).toEqual([]);
  });

  it('refuses labels that are not the user\'s', async () => {
    const { client, userId } = await signedIn();
    const other = await signedIn();
    const theirs = await label(other.client, 'Theirs');
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [theirs.id, missing]) {
      const response = await client.post(API.contacts, { ...ada, labels: [id] });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ labels: [`Label "${id}" does not exist.`] });
    }
    expect(await suite.db.select().from(contacts).where(eq(contacts.userId, userId))).toEqual([]);
  });

  it('lists by name by default and in every asked order, only the user\'s own', async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    await create(other.client, person('Aaron', 'Other'));
    const start = suite.clock.now().getTime();
    const people = [
      person('bob', 'Zed', { company: 'Zulu' }),
      person('Bob', 'Adams', { company: 'alpha' }),
      person('alice', 'Young'),
      person('Carol', 'Baker', { company: 'Mike' }),
    ];
    for (const [index, body] of people.entries()) {
      suite.clock.set(new Date(start + index * 1000));
      await create(client, body);
    }
    const names = async (ordering?: string) =>
      (await list(client, ordering === undefined ? '' : `?ordering=${ordering}`)).map((c) => `${c.first_name} ${c.last_name}`);
    expect(await names()).toEqual(['alice Young', 'Bob Adams', 'bob Zed', 'Carol Baker']);
    expect(await names('first_name')).toEqual(['alice Young', 'Bob Adams', 'bob Zed', 'Carol Baker']);
    expect(await names('-first_name')).toEqual(['Carol Baker', 'bob Zed', 'Bob Adams', 'alice Young']);
    expect(await names('last_name')).toEqual(['Bob Adams', 'Carol Baker', 'alice Young', 'bob Zed']);
    expect(await names('-last_name')).toEqual(['bob Zed', 'alice Young', 'Carol Baker', 'Bob Adams']);
    expect(await names('company')).toEqual(['alice Young', 'Bob Adams', 'Carol Baker', 'bob Zed']);
    expect(await names('created_at')).toEqual(['bob Zed', 'Bob Adams', 'alice Young', 'Carol Baker']);
    expect(await names('-created_at')).toEqual(['Carol Baker', 'alice Young', 'Bob Adams', 'bob Zed']);

    const bad = await client.get(`${API.contacts}?ordering=email`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      ordering: ['Choose one of: first_name, -first_name, last_name, -last_name, company, -company, created_at, -created_at.'],
    });
  });

  it('searches names, company, e-mail, addresses and labels; every word must match', async () => {
    const { client } = await signedIn();
    const vip = await label(client, 'VIP client');
    await create(client, { ...ada, company: 'Analytical Engines', addresses: [{ network: 'BITCOIN', address: BTC }] });
    await create(client, person('Grace', 'Hopper', { company: 'Navy 100%_sure', labels: [vip.id] }));
    await create(client, person('Alan', 'Turing', { email: 'alan@bletchley.uk', addresses: [{ network: 'POLYGON', address: EVM }] }));
    const other = await signedIn();
    await create(other.client, person('Ada', 'Elsewhere'));

    const found = async (search: string) =>
      (await list(client, `?search=${encodeURIComponent(search)}`)).map((c) => c.last_name);
    expect(await found('ada')).toEqual(['Lovelace']);
    expect(await found('LOVE')).toEqual(['Lovelace']);
    expect(await found('engines')).toEqual(['Lovelace']);
    expect(await found('bletchley')).toEqual(['Turing']);
    expect(await found(EVM.slice(0, 10).toLowerCase())).toEqual(['Turing']);
    expect(await found(BTC.slice(-8))).toEqual(['Lovelace']);
    expect(await found('vip')).toEqual(['Hopper']);
    expect(await found('grace hop')).toEqual(['Hopper']);
    expect(await found('grace turing')).toEqual([]);
    expect(await found('a')).toEqual(['Lovelace', 'Turing', 'Hopper']);
    expect(await found('100%_')).toEqual(['Hopper']);
    expect(await found('%')).toEqual(['Hopper']);
    expect(await found('   ')).toHaveLength(3);
    expect((await client.get(`${API.contacts}?search=${'x'.repeat(201)}`)).status).toBe(400);
  });

  it('PATCH changes the given fields, replaces addresses and labels, and {labels} alone works', async () => {
    const { client } = await signedIn();
    const a = await label(client, 'A');
    const b = await label(client, 'B');
    const created = await create(client, { ...ada, addresses: [{ network: 'ETHEREUM', address: EVM }], labels: [a.id] });
    suite.clock.advance(1000);

    const renamed = await client.patch(API.contact(created.id), { company: 'Engines Ltd', city: 'Paris' });
    expect(renamed.status).toBe(200);
    expect(await json<ContactOut>(renamed)).toEqual({ ...created, company: 'Engines Ltd', city: 'Paris' });

    const relabelled = await client.patch(API.contact(created.id), { labels: [b.id, a.id] });
    expect(relabelled.status).toBe(200);
    expect((await json<ContactOut>(relabelled)).labels).toEqual([a, b]);
    const unlabelled = await client.patch(API.contact(created.id), { labels: [b.id] });
    expect((await json<ContactOut>(unlabelled)).labels).toEqual([b]);

    const readdressed = await client.patch(API.contact(created.id), {
      addresses: [{ network: 'BITCOIN', address: BTC }, { network: 'POLYGON', address: '' }],
    });
    expect(await json<ContactOut>(readdressed)).toMatchObject({
      addresses: [{ network: 'BITCOIN', address: BTC }],
      labels: [b],
      company: 'Engines Ltd',
    });

    const nothing = await client.patch(API.contact(created.id), {});
    expect(nothing.status).toBe(200);

    const emptied = await client.patch(API.contact(created.id), { last_name: ' ', addresses: [{ network: 'ETHEREUM', address: BTC }] });
    expect(emptied.status).toBe(400);
    expect(await emptied.json()).toEqual({
      last_name: ['This field is required'],
      'addresses.0.address': ['Enter a valid Ethereum address.'],
    });

    const [stored] = await list(client);
    expect(stored).toMatchObject({ last_name: 'Lovelace', company: 'Engines Ltd', addresses: [{ network: 'BITCOIN', address: BTC }] });
  });

  it('a contact of another user, or a bad id, is 404 for PATCH and DELETE', async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    const theirs = await create(other.client, person('Their', 'Contact'));
    for (const id of [theirs.id, 'not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const patched = await client.patch(API.contact(id), { company: 'Mine now' });
      expect(patched.status).toBe(404);
      expect(await patched.json()).toEqual({ detail: 'Not found.' });
      expect((await client.delete(API.contact(id))).status).toBe(404);
    }
    expect(await list(other.client)).toEqual([theirs]);
  });

  it('DELETE removes the contact with its addresses; its labels stay', async () => {
    const { client } = await signedIn();
    const keep = await label(client, 'Keep');
    const created = await create(client, { ...ada, addresses: [{ network: 'ETHEREUM', address: EVM }], labels: [keep.id] });
    const deleted = await client.delete(API.contact(created.id));
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    expect(await list(client)).toEqual([]);
    expect(await suite.db.select().from(contactAddresses).where(eq(contactAddresses.contactId, created.id))).toEqual([]);
    expect((await client.delete(API.contact(created.id))).status).toBe(404);
    expect(await json<LabelOut[]>(await client.get(labelEndpoints.listLabels.path))).toEqual([keep]);
  });

  it('deleting a label takes it off the contacts', async () => {
    const { client } = await signedIn();
    const gone = await label(client, 'Gone');
    const stays = await label(client, 'Stays');
    await create(client, { ...ada, labels: [gone.id, stays.id] });
    expect((await client.delete(pathOf(labelEndpoints.deleteLabel.path, { id: gone.id }))).status).toBe(204);
    expect((await list(client))[0]?.labels).toEqual([stays]);
  });

  it('an Idempotency-Key replay answers with the first contact instead of creating another', async () => {
    const { client, userId } = await signedIn();
    const first = await client.post(API.contacts, ada, { headers: { 'Idempotency-Key': 'offline-1' } });
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const made = await json<ContactOut>(first);

    const replay = await client.post(API.contacts, { ...ada, first_name: 'Changed' }, { headers: { 'Idempotency-Key': 'offline-1' } });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await json<ContactOut>(replay)).toEqual(made);

    // Parallel replays of a new key make one contact.
    const parallel = await Promise.all(
      Array.from({ length: 6 }, () => client.post(API.contacts, person('Para', 'Llel'), { headers: { 'Idempotency-Key': 'offline-2' } })),
    );
    expect(parallel.map((r) => r.status)).toEqual(Array(6).fill(201));
    const ids = new Set(await Promise.all(parallel.map(async (r) => (await json<ContactOut>(r)).id)));
    expect(ids.size).toBe(1);

    // Keys belong to one user; no key means a new contact each time.
    const other = await signedIn();
    const theirs = await create(other.client, ada, { 'Idempotency-Key': 'offline-1' });
    expect(theirs.id).not.toBe(made.id);
    await create(client, ada);
    await create(client, ada);
    expect(await suite.db.select().from(contacts).where(eq(contacts.userId, userId))).toHaveLength(4);

    for (const key of ['', 'x'.repeat(256), 'with space', 'ünïcode']) {
      const bad = await client.post(API.contacts, ada, { headers: { 'Idempotency-Key': key } });
      expect(bad.status, key).toBe(400);
      expect(await bad.json()).toEqual({ non_field_errors: ['Idempotency-Key must be 1 to 255 visible ASCII characters.'] });
    }
  });

  it('finds the contact owning a counterparty address', async () => {
    const { client, userId } = await signedIn();
    const first = await create(client, { ...ada, addresses: [{ network: 'ETHEREUM', address: EVM }] });
    suite.clock.advance(1000);
    await create(client, person('Second', 'Holder', { addresses: [{ network: 'POLYGON', address: EVM }, { network: 'BITCOIN', address: BTC }] }));
    const other = await signedIn();
    await create(other.client, person('Not', 'Mine', { addresses: [{ network: 'ETHEREUM', address: `0x${'1'.repeat(40)}` }] }));

    const found = await contactsForAddresses(suite.db, userId, [EVM.toLowerCase(), BTC, `0x${'1'.repeat(40)}`, '']);
    expect(Object.fromEntries(found)).toEqual({
      [EVM.toLowerCase()]: { id: first.id, name: 'Ada Lovelace' },
      [BTC]: { id: expect.any(String) as string, name: 'Second Holder' },
    });
  });

  it('guests read their (empty) list but cannot change anything; no session is 401', async () => {
    const owner = await signedIn();
    const target = await create(owner.client, ada);
    const guest = suite.client();
    await signInWithAddress(guest);
    expect(await list(guest)).toEqual([]);
    const attempts: [string, string, unknown][] = [
      ['POST', API.contacts, ada],
      ['POST', API.contacts, { first_name: 1 }],
      ['PATCH', API.contact(target.id), { company: 'x' }],
      ['DELETE', API.contact(target.id), undefined],
    ];
    for (const [method, path, body] of attempts) {
      const response = await guest.request(method, path, body === undefined ? {} : { json: body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json()).toEqual(FORBIDDEN);
    }
    expect(await list(owner.client)).toEqual([target]);

    const anonymous = suite.client();
    expect((await anonymous.get(API.contacts)).status).toBe(401);
    expect((await anonymous.post(API.contacts, ada)).status).toBe(401);
  });
});
