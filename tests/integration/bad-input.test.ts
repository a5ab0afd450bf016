import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../src/shared/api-paths';
import { addressEndpoints } from '../../src/shared/contract/addresses';
import { authEndpoints } from '../../src/shared/contract/auth';
import { billingEndpoints } from '../../src/shared/contract/billing';
import { exchangeEndpoints } from '../../src/shared/contract/exchanges';
import { labelEndpoints } from '../../src/shared/contract/labels';
import { planEndpoints } from '../../src/shared/contract/plans';
import { searchEndpoints } from '../../src/shared/contract/search';
import { userEndpoints } from '../../src/shared/contract/users';
import { walletEndpoints } from '../../src/shared/contract/wallets';
import { ftcEndpoints } from '../../src/shared/contract/ftc';
import type { WalletOut as Wallet } from '../../src/shared/contract/wallets';
import { documentEndpoints } from '../../src/shared/contract/documents';
import { holdingsEndpoints } from '../../src/shared/contract/holdings';
import { invoiceEndpoints } from '../../src/shared/contract/invoices';
import { marketEndpoints } from '../../src/shared/contract/market';
import { nftEndpoints } from '../../src/shared/contract/nft';
import { portfolioEndpoints } from '../../src/shared/contract/portfolio';
import { transactionEndpoints } from '../../src/shared/contract/transactions';
import { FIAT_CURRENCIES } from '../../src/shared/enums';
import {
  centralisedExchanges,
  contacts,
  documents,
  ftcTransfers,
  invoicePayments,
  invoices,
  labels,
  transactions,
  users,
  wallets,
} from '../../src/server/db/schema';
import type { Database } from '../../src/server/db/database';
import { MAX_BODY_BYTES, MAX_INVOICE_BODY_BYTES } from '../../src/server/app';
import { ILL_FORMED_TEXT } from '../../src/server/http/text-rules';
import { addFxRate } from './data-seed';
import { availableDrivers } from './helpers/drivers';
import { exchangeRow, transactionRow } from './helpers/rows';
import { API_CONTRACT } from '../../src/shared/contract';
import { routeKey } from '../../src/shared/contract/endpoint';
import { compareRoutes, methodOf, pathOf, registeredApiRoutes, type RouteKey } from './helpers/route-list';
import { setupSuite } from './helpers/suite';
import { json, type RequestOptions, type TestClient } from './helpers/test-client';
import { newAccount, signInWithWallet } from './helpers/sign-in';

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TX_HASH = `0x${'ab'.repeat(32)}`;
/** A well-formed UUID no row has. */
const NO_ROW = '6f1c1f5e-8a53-4c3e-9d0e-3b8f0b7a2c11';
const uuids = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`);

/** The kinds of row an `:id` path names. */
type Owned = 'wallet' | 'exchange' | 'transaction' | 'contact' | 'label' | 'document' | 'invoice' | 'ftcTransfer' | 'reviewPayment';

interface BodyRoute {
  route: RouteKey;
  /** For `:id` routes: what the id names (the tests use the signed-in user's row unless they say otherwise). */
  owner?: Owned;
  /** A valid body; undefined for routes that take none. */
  example?: Record<string, unknown>;
  /** Fields that must each be present ({} is refused with 'This field is required' on each). */
  required?: string[];
  /** PATCH routes that need at least one of some fields: {} is refused with 'This field is required' on one. */
  oneOf?: { fields: string[]; reportedOn: string };
  /** Fields of the example that accept null (null reads as empty). */
  nullable?: string[];
  /** Values of the right type that are still refused, per field (error on that field or below it). */
  invalid?: Record<string, unknown[]>;
  /** The route's body limit when it is not the default MAX_BODY_BYTES (invoices carry attachments). */
  maxBodyBytes?: number;
}

const contactExample = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  address_line1: '1 Main St',
  country: 'UK',
  city: 'London',
  postal_code: 'N1',
  company: 'ACME',
  address_line2: 'Flat 2',
  tax_number: 'GB1',
  addresses: [{ network: 'ETHEREUM', address: EVM }],
  labels: [],
};
const contactInvalid = {
  first_name: ['', '   '],
  email: ['', 'not-an-email', 'a@'],
  addresses: [
    [{ network: 'ETHEREUM', address: 'not-an-address' }],
    [{ address: EVM }],
    [{ network: 'DOGECOIN', address: EVM }],
    [{ network: 'ETHEREUM', address: EVM, extra: 1 }],
    [{ network: 1, address: 2 }],
    [null],
    Array.from({ length: 51 }, () => ({ address: '' })),
  ],
  labels: [['not-a-uuid'], uuids(101)],
};

const reportExample = {
  name: 'Q1',
  kind: 'TRANSACTION_REPORT',
  wallets: [NO_ROW],
  cex: [],
  start_date: '2025-01-01',
  end_date: '2025-01-31',
};
const reportInvalid = {
  name: ['', '  ', 'x'.repeat(256)],
  kind: ['INVOICE', 'WALLET_REPORT', 'transaction_report', ''],
  wallets: [['not-a-uuid'], [''], uuids(201)],
  cex: [['not-a-uuid'], uuids(201)],
  start_date: ['2024-13-01', '2024-02-30', '2024-1-1', '01/02/2024', ''],
  end_date: ['2024-12-31', '2025-01-01', '2025-1-31', ''],
};

/** A draft invoice using every field but the contact and wallet (ids of rows made later). */
const invoiceExample = {
  name: 'Invoice 1',
  kind: 'DEFAULT',
  number: 'A-1',
  vendor: 'Vendor',
  project_name: 'Project',
  covering_period: 'March',
  state: 'DRAFT',
  issued_at: '2025-01-01',
  expires_at: '2025-01-31',
  fiat_currency: 'USD',
  message: 'Thanks',
  owner: { first_name: 'Ada', email: 'ada@example.com' },
  token: 'POLYGON:0xc2132d05d31c914a87c6611c10748aeb04b58e8f',
  is_ftc: false,
  download_only: false,
  attachments: [{ name: 'a.png', data: 'data:image/png;base64,aGk=' }],
  items: [{ name: 'Work', quantity: '1', unit_price: '10' }],
};
const invoiceNullable = ['number', 'vendor', 'project_name', 'covering_period', 'issued_at', 'expires_at', 'message', 'owner', 'token'];
const invoiceItem = (changes: Record<string, unknown>) => [{ name: 'Work', quantity: '1', unit_price: '10', ...changes }];
const invoiceInvalid = {
  name: ['  '],
  kind: ['LETTER', 'default'],
  issued_at: ['2025-02-30', 'today', '2025-1-1'],
  expires_at: ['2024-12-31', '2025-01-01'],
  fiat_currency: ['XYZ', 'usd'],
  owner: [{ email: 'not-an-email' }, [], { first_name: 1 }],
  token: ['x'.repeat(121)],
  attachments: [[{ name: 'a.txt', data: 'data:text/plain;base64,aGk=' }], [{ name: 'a' }], [null], [{ name: 'a.png', data: 'data:image/png;base64,a' }]],
  items: [
    invoiceItem({ quantity: '1.5' }),
    invoiceItem({ quantity: '0' }),
    invoiceItem({ unit_price: 10 }),
    invoiceItem({ unit_price: '1.000001' }),
    invoiceItem({ tax: '-1' }),
    invoiceItem({ discount: '101', discount_is_percent: true }),
    invoiceItem({ extra: 1 }),
    [null],
    [[]],
    Array.from({ length: 101 }, () => invoiceItem({})[0]),
  ],
};

/** Every route of the API that takes a body (or could be sent one): POST, PATCH, PUT and DELETE. */
const FTC_SESSION = 'a'.repeat(43);
const ftcSessionInvalid = { ftc_session_id: ['short', 'with spaces in it, twenty characters', 'x'.repeat(101)] };

const BODY_ROUTES: BodyRoute[] = [
  {
    route: `POST ${ftcEndpoints.createFtcUser.path}`,
    example: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      country: 'DE',
      wallet: NO_ROW,
      token_preference: 'USDC',
      target_address_type: 'HOSTED',
      target_address_vasp: 'Kraken',
    },
    required: ['first_name', 'last_name', 'email', 'country', 'target_address_type'],
    nullable: ['target_address_vasp'],
    invalid: {
      first_name: ['', '  '],
      email: ['not-an-email'],
      country: ['Germany', 'D1', ''],
      wallet: ['', 'not-a-uuid'],
      token_preference: ['DAI'],
      target_address_type: ['CUSTODIAL'],
      target_address_vasp: ['', '  '],
    },
  },
  { route: `POST ${ftcEndpoints.requestFtcCode.path}`, example: { user_uuid: NO_ROW }, required: ['user_uuid'], invalid: { user_uuid: ['', 'not-a-uuid'] } },
  ...[ftcEndpoints.setupFtcUser.path, ftcEndpoints.loginFtcUser.path].map(
    (path): BodyRoute => ({
      route: `POST ${path}`,
      example: { user_uuid: NO_ROW, one_time_password: '123456' },
      required: ['user_uuid', 'one_time_password'],
      invalid: { one_time_password: ['12345', '1234567', 'abcdef', ' 12345', '１２３４５６'] },
    }),
  ),
  {
    route: `POST ${ftcEndpoints.createFtcKycApplicant.path}`,
    example: {
      address_line_1: 'Hauptstrasse 1',
      address_line_2: '',
      post_code: '10115',
      city: 'Berlin',
      country: 'DE',
      date_of_birth: '1990-05-17',
      source_of_funds: 'SALARY',
      ftc_session_id: FTC_SESSION,
    },
    required: ['address_line_1', 'post_code', 'city', 'country', 'date_of_birth', 'ftc_session_id'],
    invalid: { date_of_birth: ['1990-02-30', '17.05.1990', ''], source_of_funds: ['LOTTERY'], ...ftcSessionInvalid },
  },
  { route: `POST ${ftcEndpoints.createFtcBankAccount.path}`, example: { ftc_session_id: FTC_SESSION }, required: ['ftc_session_id'], invalid: ftcSessionInvalid },
  { route: `POST ${ftcEndpoints.renewFtcKycToken.path}`, example: { ftc_session_id: FTC_SESSION }, required: ['ftc_session_id'], invalid: ftcSessionInvalid },
  {
    route: `POST ${ftcEndpoints.updateFtcUser.path}`,
    example: { wallet: NO_ROW, network: 'POLYGON', token: 'USDT', target_address_type: 'SELF_HOSTED', target_address_vasp: null, ftc_session_id: FTC_SESSION },
    required: ['network', 'token', 'target_address_type', 'ftc_session_id'],
    nullable: ['target_address_vasp'],
    invalid: { network: ['BITCOIN', 'polygon'], token: ['DAI'], ...ftcSessionInvalid },
  },
  { route: `POST ${ftcEndpoints.updateFtcToken.path}`, example: { token: 'USDC', ftc_session_id: FTC_SESSION }, required: ['token', 'ftc_session_id'], invalid: ftcSessionInvalid },
  { route: 'POST /api/ftc/invoices/:id/mark-bank-paid', owner: 'invoice' },
  { route: 'POST /api/ftc/transfers/:id/assign', owner: 'ftcTransfer', example: { invoice: NO_ROW }, required: ['invoice'], invalid: { invoice: ['', 'not-a-uuid'] } },
  { route: 'POST /api/ftc/transfers/:id/dismiss', owner: 'ftcTransfer' },
  {
    route: 'POST /api/invoices/:id/claims',
    owner: 'invoice',
    example: { method: 'TRANSFER', tx_hash: TX_HASH, email: 'payer@example.com' },
    nullable: ['tx_hash', 'email'],
    invalid: { method: ['OWNER', 'transfer', ''], tx_hash: ['0x12', 'ab'.repeat(32), `0x${'zz'.repeat(32)}`], email: ['not-an-email', 'a@'] },
  },
  {
    route: 'POST /api/email-payment',
    example: { hash: TX_HASH, data: { invoice: NO_ROW, email: null } },
    required: ['hash', 'data'],
    invalid: {
      hash: ['', '0x12', `0x${'zz'.repeat(32)}`],
      data: [{}, { invoice: 'not-a-uuid' }, { invoice: NO_ROW, email: 'not-an-email' }, { invoice: NO_ROW, extra: 1 }],
    },
  },
  { route: 'POST /api/invoices/:id/mark-paid', owner: 'invoice', example: { note: 'Paid in cash' }, invalid: { note: ['x'.repeat(501)] } },
  {
    route: 'POST /api/invoice-payments/review/:id/assign',
    owner: 'reviewPayment',
    example: { invoice: NO_ROW },
    required: ['invoice'],
    invalid: { invoice: ['', 'not-a-uuid'] },
  },
  { route: 'POST /api/invoice-payments/review/:id/dismiss', owner: 'reviewPayment' },
  {
    route: `POST ${authEndpoints.loginWithAddress.path}`,
    example: { address: EVM },
    required: ['address'],
  },
  { route: `POST ${authEndpoints.loginDemo.path}`, example: { address: EVM }, required: ['address'] },
  {
    route: `POST ${authEndpoints.loginWithWallet.path}`,
    example: { address: EVM, kind: 'METAMASK' },
    required: ['address'],
    invalid: { kind: ['NOT_A_KIND', ''], address: ['   '] },
  },
  {
    route: `POST ${authEndpoints.loginWithWalletResponse.path}`,
    example: { address: EVM, signature: '0xabcdef' },
    required: ['address', 'signature'],
    invalid: { signature: ['abcdef', '0x', '0xzz'] },
  },
  {
    route: `POST ${authEndpoints.loginWithGoogle.path}`,
    example: { access_token: 'token' },
    required: ['access_token'],
    invalid: { access_token: ['  '] },
  },
  {
    route: `POST ${addressEndpoints.validateAddress.path}`,
    example: { address: EVM, network: 'ETHEREUM' },
    required: ['address'],
    invalid: { network: ['DOGECOIN', 'ethereum', ''] },
  },
  {
    route: `PATCH ${userEndpoints.getUser.path}`,
    example: {
      fiat_currency: 'EUR',
      language: 'English',
      timezone: 'CET',
      first_name: 'A',
      last_name: 'B',
      email: 'a@example.com',
      address_line1: 'x',
      address_line2: 'x',
      city: 'x',
      postal_code: 'x',
      country: 'x',
      tax_number: 'x',
      is_tutorial_viewed: true,
      suggestions: { ftcTimeout: null },
    },
    invalid: {
      fiat_currency: ['XYZ', ''],
      language: ['French'],
      email: ['not-an-email'],
      is_tutorial_viewed: ['true'],
      suggestions: [{ ftcTimeout: 'yesterday' }, { ftcTimeout: 1 }, {}],
    },
  },
  { route: `DELETE ${userEndpoints.deleteUser.path}` },
  { route: `POST ${authEndpoints.logout.path}` },
  { route: `POST ${billingEndpoints.manageBilling.path}` },
  {
    route: `POST ${billingEndpoints.createCheckoutSession.path}`,
    example: { price_id: 'price_plus_monthly' },
    required: ['price_id'],
    invalid: { price_id: ['', '   '] },
  },
  {
    route: `POST ${billingEndpoints.changePlan.path}`,
    example: { payment_provider: 'STRIPE', plan: 'PLUS' },
    required: ['payment_provider', 'plan'],
    invalid: { payment_provider: ['stripe', 'PAYPAL'], plan: ['plus', 'ADMIN', ''] },
  },
  {
    route: `POST ${walletEndpoints.listWallets.path}`,
    example: { name: 'Savings', address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', network: 'POLYGON' },
    // A missing network reads 'Network is required' (docs/errors.md), checked in wallets.test.ts.
    required: ['name', 'address'],
    invalid: { name: ['  '], address: ['not-an-address', 'bc1qnotbitcoin'], network: ['DOGECOIN', 'polygon'] },
  },
  {
    route: `PATCH ${walletEndpoints.listWallets.path}/:id`,
    owner: 'wallet',
    example: { name: 'Mine', is_active: true },
    oneOf: { fields: ['name', 'is_active'], reportedOn: 'is_active' },
    invalid: { name: ['', '   '], is_active: ['true', 1] },
  },
  { route: `DELETE ${walletEndpoints.listWallets.path}/:id`, owner: 'wallet' },
  {
    route: `POST ${exchangeEndpoints.listExchanges.path}`,
    example: { exchange: 'BINANCE', api_key: 'key', secret_key: 'secret' },
    required: ['exchange', 'api_key', 'secret_key'],
    invalid: { exchange: ['KRAKEN', 'binance'], api_key: ['has space', ''], secret_key: ['  '] },
  },
  { route: `DELETE ${exchangeEndpoints.listExchanges.path}/:id`, owner: 'exchange' },
  {
    route: `PATCH ${transactionEndpoints.listTransactions.path}/:id`,
    owner: 'transaction',
    example: { labels: [], is_spam: false },
    oneOf: { fields: ['labels', 'is_spam'], reportedOn: 'labels' },
    invalid: { labels: [['not-a-uuid'], [''], uuids(101)], is_spam: ['false', 0] },
  },
  {
    route: `POST ${API.contacts}`,
    example: contactExample,
    required: ['first_name', 'last_name', 'email', 'address_line1', 'country', 'city', 'postal_code'],
    nullable: ['company', 'address_line2', 'tax_number'],
    invalid: contactInvalid,
  },
  {
    route: `PATCH ${API.contacts}/:id`,
    owner: 'contact',
    example: contactExample,
    nullable: ['company', 'address_line2', 'tax_number'],
    invalid: contactInvalid,
  },
  { route: `DELETE ${API.contacts}/:id`, owner: 'contact' },
  {
    route: `POST ${labelEndpoints.listLabels.path}`,
    example: { name: 'Rent', color: 'RED' },
    required: ['name', 'color'],
    invalid: { name: ['  ', 'x'.repeat(65)], color: ['PLAID', 'red', ''] },
  },
  {
    route: `PATCH ${labelEndpoints.listLabels.path}/:id`,
    owner: 'label',
    example: { name: 'Rent', color: 'BLUE' },
    invalid: { name: ['', '  ', 'x'.repeat(65)], color: ['PLAID', ''] },
  },
  { route: `DELETE ${labelEndpoints.listLabels.path}/:id`, owner: 'label' },
  {
    route: `POST ${documentEndpoints.listDocuments.path}`,
    example: reportExample,
    required: ['name', 'kind', 'start_date', 'end_date'],
    nullable: ['wallets'],
    invalid: reportInvalid,
  },
  {
    route: `PATCH ${documentEndpoints.listDocuments.path}/:id`,
    owner: 'document',
    example: { name: 'Q1', kind: 'TRANSACTION_REPORT', start_date: '2025-01-01', end_date: '2025-01-31' },
    invalid: { ...reportInvalid, end_date: ['2025-02-30', 'today'] },
  },
  { route: `DELETE ${documentEndpoints.listDocuments.path}/:id`, owner: 'document' },
  {
    route: `POST ${invoiceEndpoints.createInvoice.path}`,
    example: invoiceExample,
    required: ['name'],
    nullable: invoiceNullable,
    invalid: { ...invoiceInvalid, state: ['PAID', 'draft', ''] },
    maxBodyBytes: MAX_INVOICE_BODY_BYTES,
  },
  {
    route: `PATCH ${invoiceEndpoints.createInvoice.path}/:id`,
    owner: 'invoice',
    example: invoiceExample,
    nullable: invoiceNullable,
    invalid: { ...invoiceInvalid, state: ['EXPIRED', 'draft', ''] },
    maxBodyBytes: MAX_INVOICE_BODY_BYTES,
  },
  { route: `DELETE ${invoiceEndpoints.createInvoice.path}/:id`, owner: 'invoice' },
  {
    route: `POST ${labelEndpoints.createTransactionLabel.path}`,
    example: { name: 'Invoice 1 paid', tx_hash: TX_HASH, invoice: NO_ROW },
    required: ['name', 'tx_hash'],
    nullable: ['invoice'],
    invalid: { name: ['  '], tx_hash: ['0x1234', 'zz'.repeat(32), `0x${'ab'.repeat(33)}`], invoice: ['not-a-uuid', ''] },
  },
];

interface QueryRoute {
  route: RouteKey;
  /** Refused queries, each with the parameter the 400 names. */
  bad: [query: string, field: string][];
  /** Queries that must be answered 200 (odd, unknown or malformed extras are ignored). */
  ok: string[];
}

const LONG_SEARCH = `search=${'x'.repeat(201)}`;
/** Parameters no route reads, some badly encoded. */
const ODD_EXTRAS = [
  'x=%ZZ&y[]=1&unknown=1',
  '%E0%A4%A=1&=&&==',
  'LIMIT=-1&Search=x&ORDERING=bogus',
  '__proto__=1&constructor=x&toString=1&hasOwnProperty=1',
];
const searchBad = (field = 'search'): [string, string][] => [
  [LONG_SEARCH, field],
  [`search=${encodeURIComponent(` ${'y'.repeat(201)} `)}`, field],
  ['search=a&search=b', field],
];
const searchOk = [
  `search=${'x'.repeat(200)}`,
  `search=${encodeURIComponent(`  ${'x'.repeat(200)}  `)}`,
  'search=',
  'search=%25_%5C%27%22;--',
  'search=%ZZ',
  `search=${encodeURIComponent('🙂 ünïcödé 中文')}`,
  `search=${'a%20'.repeat(60)}`,
];
const orderingBad: [string, string][] = [
  ['ordering=bogus', 'ordering'],
  ['ordering=', 'ordering'],
  ['ordering=1&ordering=2', 'ordering'],
  [`ordering=${'x'.repeat(500)}`, 'ordering'],
];
const wholeNumberBad = (field: string, tooBig: string): [string, string][] =>
  ['-1', 'abc', '1.5', '1e3', '0x10', '', '%20', '99999999999999999999', '9'.repeat(400), tooBig, `1&${field}=2`].map(
    (value) => [`${field}=${value}`, field],
  );

/** Every GET route of the API that reads query parameters. */
const QUERY_ROUTES: QueryRoute[] = [
  {
    route: `GET ${ftcEndpoints.listFtcTransfers.path}`,
    bad: [
      ['status=NOPE', 'status'],
      ['status=', 'status'],
      ['status=matched', 'status'],
    ],
    ok: ['status=NEEDS_REVIEW', 'status=MATCHED'],
  },
  {
    route: `GET ${walletEndpoints.listWallets.path}`,
    bad: [...orderingBad, ...searchBad()],
    ok: ['ordering=-name', ...searchOk],
  },
  {
    route: `GET ${transactionEndpoints.listTransactions.path}`,
    bad: [
      ...wholeNumberBad('limit', '101'),
      ['limit=0', 'limit'],
      ...wholeNumberBad('offset', '10000001'),
      ...orderingBad,
      ['ordering=created_at,amount', 'ordering'],
      ...searchBad(),
      ['labels=not-a-uuid', 'labels'],
      [`labels=${uuids(51).join(',')}`, 'labels'],
      [uuids(51).map((id) => `labels=${id}`).join('&'), 'labels'],
      ['created_at_after=2024-13-01', 'created_at_after'],
      ['created_at_after=2024-02-30', 'created_at_after'],
      ['created_at_after=today', 'created_at_after'],
      ['created_at_before=2024-1-1', 'created_at_before'],
      ['created_at_before=2024-01-01&created_at_before=2024-01-02', 'created_at_before'],
      ['created_at_after=2024-02-01&created_at_before=2024-01-01', 'created_at_before'],
      [`token__in=${'x'.repeat(121)}`, 'token__in'],
      [`token__in=${Array.from({ length: 51 }, (_, i) => `T${String(i)}`).join(',')}`, 'token__in'],
      ['wallet=not-a-uuid', 'wallet'],
      [`wallet=${NO_ROW}&wallet=${NO_ROW}`, 'wallet'],
      ['show_spam=maybe', 'show_spam'],
      ['show_spam=', 'show_spam'],
    ],
    ok: [
      'limit=100&offset=10000000',
      'limit=1&offset=0',
      'limit=%2010%20',
      'ordering=amount',
      'labels=&token__in=,,',
      `labels=${NO_ROW}&wallet=${NO_ROW}&token__in=ETHEREUM:native,XYZ`,
      'show_spam=TRUE',
      'created_at_after=2024-01-01&created_at_before=2024-01-01',
      ...searchOk,
    ],
  },
  {
    route: `GET ${documentEndpoints.listDocuments.path}`,
    bad: [
      ...wholeNumberBad('limit', '101'),
      ['limit=0', 'limit'],
      ...wholeNumberBad('offset', '10000001'),
      ...orderingBad,
      ['ordering=created_at,name', 'ordering'],
      ['aditional_ordering=bogus', 'aditional_ordering'],
      ['aditional_ordering=', 'aditional_ordering'],
      ['aditional_ordering=name&aditional_ordering=-name', 'aditional_ordering'],
      ['state=SENT', 'state'],
      ['state=DUE,paid', 'state'],
      [Array.from({ length: 51 }, () => 'state=DUE').join('&'), 'state'],
      ['kind=REPORT', 'kind'],
      ['kind=INVOICE&kind=invoice', 'kind'],
      ['created_at_after=2024-02-30', 'created_at_after'],
      ['created_at_after=today', 'created_at_after'],
      ['created_at_before=2024-1-1', 'created_at_before'],
      ['created_at_before=2024-01-01&created_at_before=2024-01-02', 'created_at_before'],
      ['created_at_after=2024-02-01&created_at_before=2024-01-01', 'created_at_before'],
      ['currency=XYZ', 'currency'],
      ['currency=usd', 'currency'],
      ['currency=', 'currency'],
      ['currency=USD&currency=EUR', 'currency'],
      ['labels=not-a-uuid', 'labels'],
      [`labels=${uuids(51).join(',')}`, 'labels'],
      ...searchBad(),
    ],
    ok: [
      'limit=100&offset=10000000',
      'limit=1&offset=0',
      ...searchOk,
      'ordering=total_amount&aditional_ordering=-name',
      'ordering=-total_amount&aditional_ordering=created_at',
      'state=DUE&state=PAID,DRAFT',
      'kind=INVOICE,TRANSACTION_REPORT&kind=HOLDINGS_REPORT',
      'state=&kind=,,&labels=',
      `currency=EUR&labels=${NO_ROW}`,
      'created_at_after=2024-01-01&created_at_before=2024-01-01',
    ],
  },
  {
    route: `GET ${searchEndpoints.search.path}`,
    bad: searchBad(),
    ok: searchOk,
  },
  {
    route: `GET ${marketEndpoints.listTokens.path}`,
    bad: [
      ['', 'network'],
      ['network=', 'network'],
      ['network=DOGECOIN', 'network'],
      ['network=ethereum', 'network'],
      ['network=ETHEREUM&network=POLYGON', 'network'],
      [`network=${'E'.repeat(41)}`, 'network'],
    ],
    ok: ['network=ETHEREUM', 'network=%20POLYGON%20'],
  },
  {
    route: `GET ${marketEndpoints.tokenQuote.path}`,
    bad: [
      ['', 'token'],
      ['token=', 'token'],
      ['token=NOT-A-TOKEN', 'token'],
      ['token=DOGECOIN:native', 'token'],
      [`token=${'x'.repeat(121)}`, 'token'],
      ['token=ETH&token=USDC', 'token'],
      ['token=ETH&fiat_currency=XYZ', 'fiat_currency'],
      ['token=ETH&fiat_currency=', 'fiat_currency'],
      ['token=ETH&fiat_currency=USD&fiat_currency=EUR', 'fiat_currency'],
      [`token=ETH&fiat_currency=${'U'.repeat(9)}`, 'fiat_currency'],
    ],
    // Prices come from providers the tests cannot reach: the checks stop at validation.
    ok: [],
  },
  {
    route: `GET ${holdingsEndpoints.fungibleTokensSummary.path}`,
    bad: [...wholeNumberBad('page', '100001'), ['page=0', 'page'], ...wholeNumberBad('size', '101'), ['size=0', 'size']],
    ok: ['page=100000&size=100', 'page=1&size=1', 'page=%201%20'],
  },
  {
    route: `GET ${nftEndpoints.nonFungibleTokensSummary.path}`,
    bad: [
      ...orderingBad,
      [`collection=${'x'.repeat(201)}`, 'collection'],
      ['collection=a&collection=b', 'collection'],
      ['properties_number=-1', 'properties_number'],
      ['properties_number=abc', 'properties_number'],
      ['properties_number=1.5', 'properties_number'],
      ['properties_number=99999', 'properties_number'],
      ['properties_number=1&properties_number=2', 'properties_number'],
    ],
    ok: ['ordering=-price&collection=x&properties_number=9999', 'properties_number=0', `collection=${'x'.repeat(200)}`],
  },
  {
    route: `GET ${portfolioEndpoints.portfolioValueHistory.path}`,
    bad: [...wholeNumberBad('num_days', '731'), ['num_days=0', 'num_days']],
    ok: ['num_days=1', 'num_days=730'],
  },
  {
    route: `GET ${API.contacts}`,
    bad: [...orderingBad, ...searchBad()],
    ok: ['ordering=-last_name', ...searchOk],
  },
  {
    route: `GET ${labelEndpoints.listLabels.path}`,
    bad: searchBad(),
    ok: searchOk,
  },
];

/** GET routes of one row (`:id`) that read query parameters. */
const ID_QUERY_ROUTES: (QueryRoute & { owner: Owned })[] = [
  {
    route: `GET ${invoiceEndpoints.createInvoice.path}/:id/pdf`,
    owner: 'invoice',
    bad: [
      ['download=yes', 'download'],
      ['download=', 'download'],
      ['download=1', 'download'],
      ['download=true&download=false', 'download'],
      [`download=${'x'.repeat(500)}`, 'download'],
      ['download=a%00b', 'download'],
    ],
    ok: ['download=true', 'download=false', 'download=%20TRUE%20', ''],
  },
  {
    route: `GET ${documentEndpoints.listDocuments.path}/:id/transactions`,
    owner: 'document',
    bad: [
      ...wholeNumberBad('limit', '101'),
      ['limit=0', 'limit'],
      ...wholeNumberBad('offset', '10000001'),
      ['limit=a%00b', 'limit'],
    ],
    ok: ['', 'limit=100&offset=10000000', 'limit=1&offset=0', 'limit=%2010%20'],
  },
  {
    route: `GET ${documentEndpoints.listDocuments.path}/:id/holdings`,
    owner: 'document',
    bad: [
      ...wholeNumberBad('limit', '101'),
      ['limit=0', 'limit'],
      ...wholeNumberBad('offset', '10000001'),
      ['limit=a%00b', 'limit'],
    ],
    ok: ['', 'limit=100&offset=10000000', 'limit=1&offset=0', 'limit=%2010%20'],
  },
  { route: `GET ${documentEndpoints.listDocuments.path}/:id/export_csv`, owner: 'document', bad: [['search=a%00b', 'search']], ok: [''] },
  { route: `GET ${documentEndpoints.listDocuments.path}/:id/pdf_data`, owner: 'document', bad: [['search=a%00b', 'search']], ok: [''] },
  {
    route: `GET ${documentEndpoints.listDocuments.path}/:id/pdf`,
    owner: 'document',
    bad: [
      ['download=yes', 'download'],
      ['download=', 'download'],
      ['download=1', 'download'],
      ['download=true&download=false', 'download'],
      [`download=${'x'.repeat(500)}`, 'download'],
      ['download=a%00b', 'download'],
    ],
    ok: ['download=true', 'download=false', 'download=%20TRUE%20', ''],
  },
];

/** GET routes of one invoice that read no query: a bad, unknown or foreign id gives 404 (payments.test.ts covers the rest). */
const ID_ROUTES: RouteKey[] = [
  'GET /api/pay-invoices/:id',
  'GET /api/invoices/:id/payment-status',
  'GET /api/invoices/:id/payments',
  'GET /api/invoices/:id/attachments/:index',
];

/** Routes that read no body and no query parameters: extra query parameters are ignored. */
const EXEMPT: RouteKey[] = [
  `GET ${authEndpoints.publicConfig.path}`,
  `GET ${API.csrf}`,
  `GET ${userEndpoints.getUser.path}`,
  `GET ${planEndpoints.listPlans.path}`,
  `GET ${walletEndpoints.walletsLimit.path}`,
  `GET ${planEndpoints.invoicesLimit.path}`,
  `GET ${planEndpoints.transactionsLimit.path}`,
  `GET ${exchangeEndpoints.listExchanges.path}`,
  `GET ${holdingsEndpoints.balances.path}`,
  `GET ${marketEndpoints.currencyPrices.path}`,
  `GET ${invoiceEndpoints.createInvoice.path}/:id`,
  // Verified by its Stripe signature over the raw body (tests/integration/billing.test.ts).
  `POST ${billingEndpoints.stripeWebhook.path}`,
  `GET ${ftcEndpoints.getFtcProfile.path}`,
  `GET ${ftcEndpoints.getFtcSetupUser.path}`,
  `GET ${ftcEndpoints.getFtcKycStatus.path}`,
  `GET ${ftcEndpoints.listFtcCountries.path}`,
  // Signed by the partner, not sent by a browser: tests/integration/ftc.test.ts covers it.
  `POST ${ftcEndpoints.ftcWebhook.path}`,
  ...ID_ROUTES,
  'GET /api/invoice-payments/review',
  // An image by a key in the path; any other key is a 404 (tests/integration/token-logos.test.ts).
  `GET ${marketEndpoints.tokenLogo.path}`,
];

/** Every route of the API contract, as `METHOD /path`, sorted. */
const CONTRACT_ROUTES: string[] = Object.values(API_CONTRACT).map(routeKey).sort();

const LISTED: string[] = [
  ...BODY_ROUTES.map((r) => r.route),
  ...QUERY_ROUTES.map((r) => r.route),
  ...ID_QUERY_ROUTES.map((r) => r.route),
  ...EXEMPT,
];

const WRONG_VALUES: unknown[] = [12345, true, null, ['x'], { x: 1 }];

const NON_UUIDS = [
  'not-a-uuid',
  '1',
  '0',
  '-1',
  `${NO_ROW}x`,
  NO_ROW.replaceAll('-', ''),
  `${NO_ROW.slice(0, -1)}g`,
  `{${NO_ROW}}`,
  "1' OR '1'='1",
  'null',
  'x'.repeat(5000),
  '%00',
  ' ',
];

interface Rows {
  wallet: string;
  exchange: string;
  transaction: string;
  contact: string;
  label: string;
  document: string;
  invoice: string;
  ftcTransfer: string;
  reviewPayment: string;
}

/** One row of each kind an `:id` path names, for `userId`. */
async function seedRows(db: Database, userId: string, name: string): Promise<Rows> {
  const [wallet] = await db
    .insert(wallets)
    .values({ userId, name, address: newAccount().address, network: 'ETHEREUM' })
    .returning();
  const [exchange] = await db.insert(centralisedExchanges).values(exchangeRow(userId)).returning();
  const [transaction] = await db.insert(transactions).values(transactionRow(userId, wallet?.id ?? null)).returning();
  const [contact] = await db
    .insert(contacts)
    .values({ userId, firstName: name, lastName: 'Doe', email: 'a@example.com', addressLine1: 'x', country: 'x', city: 'x', postalCode: 'x' })
    .returning();
  const [label] = await db.insert(labels).values({ userId, name, color: 'RED' }).returning();
  const [document] = await db
    .insert(documents)
    .values({ userId, kind: 'TRANSACTION_REPORT', name, startDate: '2025-01-01', endDate: '2025-01-31', allWallets: true })
    .returning();
  const [invoiceDocument] = await db.insert(documents).values({ userId, kind: 'INVOICE', name, state: 'DRAFT' }).returning();
  const [invoice] = invoiceDocument
    ? await db.insert(invoices).values({ documentId: invoiceDocument.id, userId }).returning()
    : [];
  const [transfer] = await db
    .insert(ftcTransfers)
    .values({ partnerTransferId: `t-${name}-${userId}`, userId, amount: '1.00', currency: 'EUR', status: 'NEEDS_REVIEW', receivedAt: new Date() })
    .returning();
  // A transfer waiting for the owner's review, on a network without a node here (its confirmations read 0).
  const [review] = invoice
    ? await db
        .insert(invoicePayments)
        .values({
          userId,
          status: 'REVIEW',
          source: 'FOUND',
          reason: 'NO_MATCH',
          network: 'BITCOIN',
          txHash: `0x${userId.replaceAll('-', '').padEnd(64, '0')}`,
          logIndex: 0,
          tokenSymbol: 'BTC',
          decimals: 8,
          fromAddress: 'from',
          toAddress: 'to',
          amount: '1',
          blockNumber: 1n,
          blockHash: '0x1',
          blockTime: new Date(),
          candidates: [invoice.id],
        })
        .returning()
    : [];
  if (!wallet || !exchange || !transaction || !contact || !label || !document || !invoice || !transfer || !review) throw new Error('Seeding failed.');
  return {
    wallet: wallet.id,
    exchange: exchange.id,
    transaction: transaction.id,
    contact: contact.id,
    label: label.id,
    document: document.id,
    invoice: invoice.id,
    ftcTransfer: transfer.id,
    reviewPayment: review.id,
  };
}

describe.each(availableDrivers())('bad input on every route (%s)', (kind) => {
  const suite = setupSuite(kind);
  let client: TestClient;
  let userId: string;
  let mine: Rows;
  let theirs: Rows;

  beforeAll(async () => {
    client = suite.client();
    userId = (await signInWithWallet(client)).id;
    mine = await seedRows(suite.db, userId, 'Mine');
    const stranger = await signInWithWallet(suite.client());
    theirs = await seedRows(suite.db, stranger.id, 'Theirs');
    // Stored FX rates for today, so no route asks the (unreachable) rate providers.
    const today = suite.clock.now().toISOString().slice(0, 10);
    for (const currency of FIAT_CURRENCIES) if (currency !== 'USD') await addFxRate(suite.db, today, currency, '2');
  });

  const withBody = (): BodyRoute[] => BODY_ROUTES.filter((r) => r.example !== undefined);
  const pathFor = (route: BodyRoute, id?: string): string =>
    pathOf(route.route, id ?? (route.owner === undefined ? '' : mine[route.owner]));

  /** Sends a request and checks it is refused with `status` and a readable message; returns the body. */
  async function expectRefused(
    route: BodyRoute,
    init: RequestOptions,
    status: number,
    id?: string,
  ): Promise<Record<string, unknown>> {
    const path = pathFor(route, id);
    const response = await client.request(methodOf(route.route), path, init);
    const label = `${route.route} ${path.slice(0, 80)} ${JSON.stringify(init).slice(0, 160)}`;
    expect(response.status, label).toBe(status);
    const body = await json<Record<string, unknown>>(response);
    const messages = Object.values(body).flatMap((value) => (Array.isArray(value) ? value : [value]));
    expect(messages.length, label).toBeGreaterThan(0);
    for (const message of messages) expect(typeof message === 'string' && message.length > 3, label).toBe(true);
    return body;
  }

  /** Refused with 400 naming `field` (or a path below it, e.g. `addresses.0.network`). */
  async function expectFieldError(route: BodyRoute, body: Record<string, unknown>, field: string): Promise<void> {
    const answer = await expectRefused(route, { json: body }, 400);
    const keys = Object.keys(answer);
    expect(
      keys.some((key) => key === field || key.startsWith(`${field}.`)),
      `${route.route} ${field}=${JSON.stringify(body[field]).slice(0, 80)} answered ${JSON.stringify(answer).slice(0, 200)}`,
    ).toBe(true);
  }

  describe('the route list', () => {
    it('the contract declares every route the app registers, and the app registers every declared route', () => {
      expect(new Set(CONTRACT_ROUTES).size, 'a route is declared twice').toBe(CONTRACT_ROUTES.length);
      expect(registeredApiRoutes(suite.app)).toEqual(CONTRACT_ROUTES);
    });

    it('checks every declared route: those taking a body or a query with bad input, the others by name', () => {
      expect(new Set(LISTED).size, 'a route is listed twice').toBe(LISTED.length);
      expect([...LISTED].sort(), 'declared routes this test does not check: add them to BODY_ROUTES, QUERY_ROUTES or EXEMPT').toEqual(CONTRACT_ROUTES);
      const swept = new Set<string>([...BODY_ROUTES, ...QUERY_ROUTES, ...ID_QUERY_ROUTES].map((r) => r.route));
      const withBody = Object.values(API_CONTRACT).filter((e) => 'body' in e).map(routeKey);
      expect(withBody.filter((key) => !BODY_ROUTES.some((r) => r.route === key)), 'declared bodies the sweep never sends').toEqual([]);
      const withQuery = Object.values(API_CONTRACT).filter((e) => 'query' in e).map(routeKey);
      expect(withQuery.filter((key) => !swept.has(key)), 'declared queries the sweep never sends').toEqual([]);
    });

    it('notices a route added to the app without a declaration', () => {
      const app = suite.makeApp();
      app.put('/api/wallets/:id/extra', (c) => c.body(null, 204));
      expect(compareRoutes(app, CONTRACT_ROUTES)).toEqual({ unlisted: ['PUT /api/wallets/:id/extra'], stale: [] });
    });
  });

  it('malformed JSON gives 400 non_field_errors everywhere', async () => {
    for (const route of BODY_ROUTES) {
      for (const text of ['{"address": ', '{address: 1}', 'not json', '{"a":1}}', "{'a': 1}", '{"a":1,}', '\u0000', `{"a": ${'['.repeat(1000)}`]) {
        const body = await expectRefused(route, { body: text, headers: { 'Content-Type': 'application/json' } }, 400);
        expect(body).toEqual({ non_field_errors: ['Malformed JSON body.'] });
      }
    }
  });

  it('deeply nested JSON gives 400, never 500', async () => {
    const depth = 100_000;
    for (const route of withBody()) {
      const [field = 'x'] = Object.keys(route.example ?? {});
      const text = `{"${field}": ${'['.repeat(depth)}${']'.repeat(depth)}}`;
      await expectRefused(route, { body: text, headers: { 'Content-Type': 'application/json' } }, 400);
    }
  });

  it('a body that is not a JSON object gives 400', async () => {
    for (const route of withBody()) {
      for (const value of [[], [route.example], 'text', 42, null, true]) {
        const body = await expectRefused(route, { json: value }, 400);
        expect(body).toEqual({ non_field_errors: ['Expected a JSON object.'] });
      }
    }
  });

  it('a field of the wrong type gives 400 on that field', async () => {
    for (const route of withBody()) {
      for (const [field, example] of Object.entries(route.example ?? {})) {
        for (const wrong of WRONG_VALUES) {
          if (typeof wrong === 'boolean' && typeof example === 'boolean') continue;
          if (wrong === null && route.nullable?.includes(field)) continue;
          await expectFieldError(route, { ...route.example, [field]: wrong }, field);
        }
      }
    }
  });

  it('a value of the right type that is not allowed gives 400 on that field', async () => {
    for (const route of withBody()) {
      for (const [field, values] of Object.entries(route.invalid ?? {})) {
        for (const value of values) await expectFieldError(route, { ...route.example, [field]: value }, field);
      }
    }
  });

  it('an overlong text gives 400 on that field', async () => {
    for (const route of withBody()) {
      for (const [field, example] of Object.entries(route.example ?? {})) {
        if (typeof example !== 'string') continue;
        await expectFieldError(route, { ...route.example, [field]: 'x'.repeat(5000) }, field);
      }
    }
  });

  it('missing required fields give 400 "This field is required"', async () => {
    for (const route of BODY_ROUTES.filter((r) => r.required !== undefined || r.oneOf !== undefined)) {
      const body = await expectRefused(route, { json: {} }, 400);
      const expected = route.required ?? [route.oneOf?.reportedOn ?? ''];
      for (const field of expected) expect(body[field], `${route.route} ${field}`).toEqual(['This field is required']);
      // No body at all, or an empty JSON one, reads as an empty object.
      expect(await expectRefused(route, {}, 400)).toEqual(body);
      const empty = await expectRefused(route, { body: '', headers: { 'Content-Type': 'application/json' } }, 400);
      expect(empty).toEqual(body);
      // Each required field missing on its own is reported on its own.
      for (const field of route.required ?? []) {
        const rest = Object.fromEntries(Object.entries(route.example ?? {}).filter(([key]) => key !== field));
        expect(await expectRefused(route, { json: rest }, 400), `${route.route} without ${field}`).toEqual({
          [field]: ['This field is required'],
        });
      }
    }
  });

  it('unknown fields give 400 "Unknown field."', async () => {
    for (const route of withBody()) {
      for (const unknown of ['is_admin', 'user_id', 'id', 'Name', 'first_name ']) {
        if (unknown in (route.example ?? {})) continue;
        const body = await expectRefused(route, { json: { ...route.example, [unknown]: true } }, 400);
        expect(body, route.route).toEqual({ [unknown]: ['Unknown field.'] });
      }
    }
    const user = BODY_ROUTES.find((r) => r.route === `PATCH ${userEndpoints.getUser.path}`) as BodyRoute;
    const nested = await expectRefused(user, { json: { suggestions: { ftcTimeout: null, x: 1 } } }, 400);
    expect(nested).toEqual({ 'suggestions.x': ['Unknown field.'] });
  });

  it("unknown fields named after an object's own members give 400, never 500", async () => {
    for (const route of withBody()) {
      for (const member of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
        // As raw text: an object literal would not carry an own '__proto__' key.
        const text = `${JSON.stringify(route.example).slice(0, -1)},${JSON.stringify(member)}:1}`;
        const body = await expectRefused(route, { body: text, headers: { 'Content-Type': 'application/json' } }, 400);
        expect(body, `${route.route} ${member}`).toEqual({ [member]: ['Unknown field.'] });
      }
    }
  });

  it('a NUL character in a text gives 400 on that field, and nothing is stored', async () => {
    for (const route of withBody()) {
      for (const [field, example] of Object.entries(route.example ?? {})) {
        if (typeof example !== 'string') continue;
        const body = await expectRefused(route, { json: { ...route.example, [field]: `a\u0000b` } }, 400);
        expect(body, `${route.route} ${field}`).toEqual({ [field]: ['Null characters are not allowed.'] });
      }
    }
    const contact = BODY_ROUTES.find((r) => r.route === `POST ${API.contacts}`) as BodyRoute;
    const nested = await expectRefused(
      contact,
      { json: { ...contact.example, addresses: [{ network: 'ETHEREUM', address: 'a\u0000' }] } },
      400,
    );
    expect(nested).toEqual({ 'addresses.0.address': ['Null characters are not allowed.'] });
    for (const { route } of QUERY_ROUTES) {
      for (const parameter of ['search', 'collection']) {
        const response = await client.get(`${pathOf(route)}?${parameter}=a%00b`);
        expect(response.status, `${route} ${parameter}`).toBe(400);
        expect(await response.json()).toEqual({ [parameter]: ['Null characters are not allowed.'] });
      }
    }
  });

  it('ill-formed Unicode in any text, nested too, gives 400 on its path, never 500 and never replaced', async () => {
    /** Every string leaf of a body, with its path as the API reports it. */
    const stringLeaves = (value: unknown, path: string[] = []): string[][] => {
      if (typeof value === 'string') return [path];
      if (Array.isArray(value)) return value.flatMap((item, index) => stringLeaves(item, [...path, String(index)]));
      if (typeof value === 'object' && value !== null) {
        return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
      }
      return [];
    };
    const withText = (value: unknown, path: string[], text: string): unknown => {
      if (path.length === 0) return text;
      const [head = '', ...rest] = path;
      if (Array.isArray(value)) return value.map((item, index) => (String(index) === head ? withText(item, rest, text) : item));
      const record = value as Record<string, unknown>;
      return { ...record, [head]: withText(record[head], rest, text) };
    };
    let checked = 0;
    for (const route of withBody()) {
      for (const path of stringLeaves(route.example)) {
        for (const text of ['a\ud800b', '\udc00', 'x\udfff\ud83d']) {
          const body = await expectRefused(route, { json: withText(route.example, path, text) }, 400);
          expect(body, `${route.route} ${path.join('.')}`).toEqual({ [path.join('.')]: [ILL_FORMED_TEXT] });
          checked += 1;
        }
      }
      // Raw bytes that are not UTF-8 (a lone 0xFF, an encoded surrogate, an overlong '/') are refused, not turned into U+FFFD.
      const [field = 'x'] = Object.keys(route.example ?? {});
      for (const bytes of [[0xff], [0xed, 0xa0, 0x80], [0xc0, 0xaf]]) {
        const raw = new Uint8Array([...new TextEncoder().encode(`{"${field}":"a`), ...bytes, ...new TextEncoder().encode('"}')]);
        const body = await expectRefused(route, { body: raw, headers: { 'Content-Type': 'application/json' } }, 400);
        expect(body, `${route.route} raw ${bytes.join(',')}`).toEqual({ non_field_errors: ['Request body is not valid UTF-8.'] });
      }
    }
    expect(checked).toBeGreaterThan(90);
    // A key that is ill-formed is refused where it stands.
    const contact = BODY_ROUTES.find((r) => r.route === `POST ${API.contacts}`) as BodyRoute;
    const key = await expectRefused(contact, { json: { ...contact.example, 'a\ud800': 1 } }, 400);
    expect(key).toEqual({ non_field_errors: [ILL_FORMED_TEXT] });
    for (const { route } of QUERY_ROUTES) {
      for (const parameter of ['search', 'collection']) {
        for (const encoded of ['%ED%A0%80', 'a%FFb', '%C0%AF']) {
          const response = await client.get(`${pathOf(route)}?${parameter}=${encoded}`);
          expect(response.status, `${route} ${parameter}=${encoded}`).toBe(400);
          expect(await response.json()).toEqual({ [parameter]: ['Not valid UTF-8 text.'] });
        }
      }
    }
  });

  it('an address row that is not an object gives 400 and keeps the addresses', async () => {
    for (const route of BODY_ROUTES.filter((r) => r.route === `POST ${API.contacts}` || r.route === `PATCH ${API.contacts}/:id`)) {
      for (const row of [[], ['ETHEREUM'], 'ETHEREUM', 1]) {
        const body = await expectRefused(route, { json: { ...route.example, addresses: [row] } }, 400);
        expect(Object.keys(body).some((key) => key.startsWith('addresses')), `${route.route} ${JSON.stringify(row)}`).toBe(true);
      }
    }
  });

  it('oversized bodies give 413', async () => {
    for (const route of BODY_ROUTES) {
      const big = JSON.stringify({ address: 'x'.repeat(route.maxBodyBytes ?? MAX_BODY_BYTES) });
      const body = await expectRefused(route, { body: big, headers: { 'Content-Type': 'application/json' } }, 413);
      expect(body).toEqual({ detail: 'Request body is too large.' });
    }
  });

  it('a body that is not application/json gives 415', async () => {
    for (const route of BODY_ROUTES) {
      for (const [contentType, text] of [
        ['text/plain', JSON.stringify(route.example ?? {})],
        ['application/x-www-form-urlencoded', 'address=0x00'],
        ['multipart/form-data; boundary=x', '--x--'],
      ] as const) {
        const body = await expectRefused(route, { body: text, headers: { 'Content-Type': contentType } }, 415);
        expect(String(body.detail)).toMatch(/^Unsupported media type ".+" in request\. Send application\/json\.$/);
      }
      const noType = await client.request(methodOf(route.route), pathFor(route), { body: '{"a":1}' });
      expect(noType.status, route.route).toBe(415);
    }
  });

  it('a malformed Idempotency-Key gives 400 and creates nothing', async () => {
    const before = (await suite.db.select().from(labels).where(eq(labels.userId, userId))).length;
    for (const route of BODY_ROUTES.filter((r) => r.route === `POST ${API.contacts}` || r.route === `POST ${labelEndpoints.listLabels.path}`)) {
      for (const key of ['a b', 'k'.repeat(256), '\t']) {
        const body = await expectRefused(route, { json: route.example, headers: { 'Idempotency-Key': key } }, 400);
        expect(body).toEqual({ non_field_errors: ['Idempotency-Key must be 1 to 255 visible ASCII characters.'] });
      }
    }
    expect(await suite.db.select().from(labels).where(eq(labels.userId, userId))).toHaveLength(before);
  });

  describe(':id routes', () => {
    const idRoutes = (): BodyRoute[] => BODY_ROUTES.filter((r) => r.owner !== undefined);

    it('a path id that is not a UUID gives 404', async () => {
      for (const route of idRoutes()) {
        for (const id of NON_UUIDS) {
          const body = await expectRefused(route, route.example === undefined ? {} : { json: route.example }, 404, id);
          expect(body).toEqual({ detail: 'Not found.' });
        }
      }
    });

    it("a UUID that names no row, or another user's row, gives 404 and leaves the row alone", async () => {
      const changes: Partial<Record<string, Record<string, unknown>>> = {
        [`PATCH ${walletEndpoints.listWallets.path}/:id`]: { name: 'Hijacked', is_active: false },
        [`PATCH ${transactionEndpoints.listTransactions.path}/:id`]: { is_spam: true, labels: [] },
        [`PATCH ${API.contacts}/:id`]: { first_name: 'Hijacked', labels: [] },
        [`PATCH ${labelEndpoints.listLabels.path}/:id`]: { name: 'Hijacked' },
        [`PATCH ${documentEndpoints.listDocuments.path}/:id`]: { name: 'Hijacked', end_date: '2025-02-01' },
        [`PATCH ${invoiceEndpoints.createInvoice.path}/:id`]: { name: 'Hijacked' },
        ['POST /api/ftc/transfers/:id/assign']: { invoice: theirs.invoice },
        ['POST /api/invoice-payments/review/:id/assign']: { invoice: theirs.invoice },
      };
      for (const route of idRoutes()) {
        const owner = route.owner as Owned;
        const change = changes[route.route];
        for (const id of [NO_ROW, theirs[owner], theirs[owner].toUpperCase()]) {
          const body = await expectRefused(route, change === undefined ? {} : { json: change }, 404, id);
          expect(body).toEqual({ detail: 'Not found.' });
        }
      }
      const [wallet] = await suite.db.select().from(wallets).where(eq(wallets.id, theirs.wallet));
      expect(wallet).toMatchObject({ name: 'Theirs', isActive: true });
      expect(await suite.db.select().from(centralisedExchanges).where(eq(centralisedExchanges.id, theirs.exchange))).toHaveLength(1);
      const [transaction] = await suite.db.select().from(transactions).where(eq(transactions.id, theirs.transaction));
      expect(transaction?.isSpam).toBe(false);
      const [contact] = await suite.db.select().from(contacts).where(eq(contacts.id, theirs.contact));
      expect(contact?.firstName).toBe('Theirs');
      const [label] = await suite.db.select().from(labels).where(eq(labels.id, theirs.label));
      expect(label?.name).toBe('Theirs');
      const [document] = await suite.db.select().from(documents).where(eq(documents.id, theirs.document));
      expect(document).toMatchObject({ name: 'Theirs', endDate: '2025-01-31' });
      const [invoice] = await suite.db.select().from(invoices).where(eq(invoices.id, theirs.invoice));
      const [invoiceDocument] = await suite.db.select().from(documents).where(eq(documents.id, invoice?.documentId ?? NO_ROW));
      expect(invoiceDocument).toMatchObject({ name: 'Theirs', state: 'DRAFT' });
      const [transfer] = await suite.db.select().from(ftcTransfers).where(eq(ftcTransfers.id, theirs.ftcTransfer));
      expect(transfer?.status).toBe('NEEDS_REVIEW');
      const [review] = await suite.db.select().from(invoicePayments).where(eq(invoicePayments.id, theirs.reviewPayment));
      expect(review).toMatchObject({ status: 'REVIEW', invoiceId: null });
    });

    it('GET routes of one invoice: a bad, unknown or foreign id gives 404, never 500', async () => {
      for (const route of ID_ROUTES) {
        for (const id of [...NON_UUIDS, NO_ROW, theirs.invoice, theirs.invoice.toUpperCase()]) {
          const response = await client.get(pathOf(route, id));
          expect(response.status, `${route} ${id.slice(0, 80)}`).toBe(404);
          expect(await response.json()).toEqual({ detail: 'Not found.' });
        }
        expect((await client.get(pathOf(route, mine.invoice))).status, route).toBeLessThan(500);
      }
    });

    it("another user's label in a body gives 400 on labels", async () => {
      for (const route of BODY_ROUTES.filter((r) => r.example !== undefined && 'labels' in r.example)) {
        for (const ids of [[theirs.label], [mine.label, theirs.label], [NO_ROW]]) {
          const body = await expectRefused(route, { json: { ...route.example, labels: ids } }, 400);
          expect(Object.keys(body), route.route).toEqual(['labels']);
        }
      }
      const [contact] = await suite.db.select().from(contacts).where(eq(contacts.id, mine.contact));
      expect(contact?.firstName).toBe('Mine');
    });
  });

  describe('query parameters', () => {
    it('bad values give 400 on the parameter', async () => {
      for (const { route, bad } of QUERY_ROUTES) {
        for (const [query, field] of bad) {
          const url = `${pathOf(route)}?${query}`;
          const response = await client.get(url);
          const label = `${url.slice(0, 160)}`;
          expect(response.status, label).toBe(400);
          const body = await json<Record<string, unknown>>(response);
          const keys = Object.keys(body);
          expect(
            keys.some((key) => key === field || key.startsWith(`${field}.`)),
            `${label} answered ${JSON.stringify(body).slice(0, 200)}`,
          ).toBe(true);
          for (const messages of Object.values(body)) {
            expect(Array.isArray(messages) && messages.every((m) => typeof m === 'string' && m.length > 3), label).toBe(true);
          }
        }
      }
    });

    it('edge values, unknown parameters and odd encodings are answered 200', async () => {
      for (const { route, ok } of QUERY_ROUTES) {
        for (const query of [...ok, ...(ok.length > 0 ? ODD_EXTRAS.map((extra) => `${ok[0] ?? ''}&${extra}`) : [])]) {
          const url = `${pathOf(route)}?${query}`;
          const response = await client.get(url);
          expect(response.status, url.slice(0, 160)).toBe(200);
        }
      }
    });

    it('routes of one row: bad values give 400, good ones 200; a bad, unknown or foreign id gives 404', async () => {
      for (const { route, owner, bad, ok } of ID_QUERY_ROUTES) {
        for (const [query, field] of bad) {
          const url = `${pathOf(route, mine[owner])}?${query}`;
          const response = await client.get(url);
          expect(response.status, url.slice(0, 160)).toBe(400);
          const body = await json<Record<string, unknown>>(response);
          expect(Object.keys(body), url.slice(0, 160)).toEqual([field]);
        }
        for (const query of [...ok, ...ODD_EXTRAS.map((extra) => `${ok[0] ?? ''}&${extra}`)]) {
          const url = `${pathOf(route, mine[owner])}?${query}`;
          expect((await client.get(url)).status, url.slice(0, 160)).toBe(200);
        }
        for (const id of [...NON_UUIDS, NO_ROW, theirs[owner], theirs[owner].toUpperCase()]) {
          const response = await client.get(`${pathOf(route, id)}?${ok[0] ?? ''}`);
          expect(response.status, `${route} ${id.slice(0, 80)}`).toBe(404);
          expect(await response.json()).toEqual({ detail: 'Not found.' });
        }
      }
    });

    it("another user's ids in filters find nothing", async () => {
      for (const query of [`wallet=${theirs.wallet}`, `labels=${theirs.label}`, `wallet=${theirs.wallet.toUpperCase()}`]) {
        const response = await client.get(`${transactionEndpoints.listTransactions.path}?${query}&show_spam=true`);
        expect(response.status, query).toBe(200);
        expect((await json<{ results: unknown[] }>(response)).results, query).toEqual([]);
      }
    });

    it('routes that read no query ignore one', async () => {
      for (const route of EXEMPT) {
        const clean = await client.get(pathOf(route));
        expect(clean.status, route).toBeLessThan(500);
        for (const extra of [...ODD_EXTRAS, `ordering=-name&limit=-1&offset=99999999999999999999&page=0&${LONG_SEARCH}`]) {
          const response = await client.get(`${pathOf(route)}?${extra}`);
          expect(response.status, `${route}?${extra}`).toBe(clean.status);
        }
      }
    });
  });

  it('after all that, the user and their rows are intact and signed in', async () => {
    expect(await suite.db.select().from(users).where(eq(users.id, userId))).toHaveLength(1);
    const list = await json<Wallet[]>(await client.get(walletEndpoints.listWallets.path));
    expect(list.map((w) => w.id)).toContain(mine.wallet);
    expect(list.find((w) => w.id === mine.wallet)).toMatchObject({ name: 'Mine' });
    expect(await suite.db.select().from(centralisedExchanges).where(eq(centralisedExchanges.id, mine.exchange))).toHaveLength(1);
    expect(await suite.db.select().from(transactions).where(eq(transactions.id, mine.transaction))).toHaveLength(1);
    expect(await suite.db.select().from(contacts).where(eq(contacts.id, mine.contact))).toHaveLength(1);
    expect(await suite.db.select().from(labels).where(eq(labels.id, mine.label))).toHaveLength(1);
    const [document] = await suite.db.select().from(documents).where(eq(documents.id, mine.document));
    expect(document).toMatchObject({ name: 'Mine', startDate: '2025-01-01', endDate: '2025-01-31' });
    expect((await client.get(userEndpoints.getUser.path)).status).toBe(200);
  });
});
