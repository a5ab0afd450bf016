/**
 * Server configuration, read once from the environment and validated. Every variable has a working local default.
 *
 * | Variable                     | Default                          | Meaning |
 * |------------------------------|----------------------------------|---------|
 * | PORT                         | 8001                             | HTTP port. |
 * | HOST                         | 0.0.0.0                          | Interface to listen on. |
 * | DATABASE_URL                 | (unset: embedded PGlite)         | PostgreSQL connection string; unset keeps the data in PGlite under DATA_DIR/pglite. |
 * | DATA_DIR                     | ./data                           | Local data: PGlite files (DATA_DIR/pglite) and the generated secret key. |
 * | SECRET_KEY                   | (unset: generated once)          | Signs CSRF tokens. Unset: generated into DATA_DIR/secret-key (mode 0600) and reused. Set the same value on every process. |
 * | PUBLIC_URL                   | http://localhost:PORT            | Address users open, an origin only (no user@, path, query or fragment; an IPv6 host in brackets, http://[::1]:8001). Its host is the sign-in message domain, its origin the sign-in URI; https makes cookies Secure. Every URL variable is checked at start. |
 * | SIWE_CHAIN_ID                | 1                                | Chain id written into wallet sign-in messages. |
 * | ETHEREUM_RPC_URL             | (unset: no RPC)                  | JSON-RPC endpoint used to verify contract-wallet (EIP-1271) signatures; unset means only ordinary account signatures verify. |
 * | OIDC_ISSUER                  | https://accounts.google.com      | OpenID issuer whose userinfo endpoint verifies Google access tokens. |
 * | GOOGLE_CLIENT_ID             | (unset: Google sign-in hidden)   | OAuth client id of the Google sign-in button. |
 * | GOOGLE_TOKENINFO_URL         | (by OIDC_ISSUER)                 | Tokeninfo endpoint (Google's shape) that names the client an access token was issued to; sign-in refuses tokens of other clients. Default: https://oauth2.googleapis.com/tokeninfo for Google's issuer, else OIDC_ISSUER/tokeninfo. |
 * | WALLETCONNECT_PROJECT_ID     | (unset: WalletConnect hidden)    | WalletConnect Cloud project id for mobile wallets. |
 * | SESSION_IDLE_HOURS           | 168                              | A session unused this long expires. |
 * | SESSION_MAX_DAYS             | 30                               | A session expires this long after sign-in, used or not. |
 * | LOGIN_RATE_LIMIT_PER_IP      | 30                               | Sign-in attempts allowed per client IP per 15 minutes. |
 * | LOGIN_RATE_LIMIT_PER_ADDRESS | 10                               | Per 15 minutes: address-only sign-ins per address, and failed wallet signatures per browser (sign-in client); a stranger's failures never count against an address. |
 * | TRUST_PROXY                  | false                            | true: the client IP is the last X-Forwarded-For entry (set it only behind a proxy that appends it). |
 * | STATIC_DIR                   | dist                             | Folder of the built PWA served beside /api. |
 * | STAFF_EMAILS                 | (empty)                          | Comma list: users signing in with these Google e-mails become staff. |
 * | STAFF_ADDRESSES              | (empty)                          | Comma list: users signing in with these wallet addresses become staff. |
 * | SUPERUSER_EMAILS             | (empty)                          | Comma list: as STAFF_EMAILS, and superuser too. |
 * | SUPERUSER_ADDRESSES          | (empty)                          | Comma list: as STAFF_ADDRESSES, and superuser too. |
 * | BUSINESS_EMAIL_DOMAIN        | (empty)                          | E-mail domain whose users count as business users (business logo). |
 * | BUSINESS_EMAIL_ALLOWLIST     | (empty)                          | Comma list of e-mails that count as business users. |
 * | LOG_LEVEL                    | info                             | One of debug, info, warn, error, silent. |
 * | CHECK_API_RESPONSES          | false                            | true: every JSON answer of the API is checked against its declared shape (src/shared/contract), and one that does not match fails with 500 (the tests run so). |
 * | DEVNET                       | false                            | true: ETHEREUM and POLYGON are synced from the local chains of `npm run devnet` (DEVNET_HOST, DEVNET_ETHEREUM_PORT, DEVNET_POLYGON_PORT) over JSON-RPC. |
 * | ETHERSCAN_API_KEY            | (unset: Blockscout/Routescan)    | Etherscan API V2 key (one key, every chain); unset: the keyless explorers serve history. |
 * | ETHERSCAN_BASE_URL           | https://api.etherscan.io/v2/api  | Etherscan V2 endpoint (a mirror or a test server). |
 * | BLOCKSCOUT_URLS              | (public instances)               | Comma list NETWORK=URL of Blockscout API endpoints, merged over the public ones. |
 * | BLOCKSCOUT_API_KEY           | (unset)                          | Optional Blockscout key (raises its rate limit). |
 * | ROUTESCAN_BASE_URL           | https://api.routescan.io         | Routescan origin. |
 * | ESPLORA_BASE_URL             | https://mempool.space/api        | Esplora REST API for Bitcoin wallets. |
 * | ETHEREUM_RPC_URL and POLYGON_RPC_URL, FANTOM_RPC_URL, BINANCE_SMART_CHAIN_RPC_URL, RONIN_RPC_URL, AVALANCHE_RPC_URL | (public nodes) | JSON-RPC endpoint per network for balances, NFT metadata and the history of networks no explorer serves (BSC without an Etherscan key that covers it); unset: a public node. |
 * | DEFILLAMA_BASE_URL           | https://coins.llama.fi           | DefiLlama coins API (prices without a key). |
 * | COINGECKO_API_KEY            | (unset)                          | CoinGecko key (second price source and cross rates). |
 * | COINGECKO_PLAN               | demo                             | demo or pro (pro needs COINGECKO_API_KEY). |
 * | COINGECKO_BASE_URL           | (by plan)                        | CoinGecko API base URL. |
 * | FRANKFURTER_BASE_URL         | https://api.frankfurter.app      | ECB FX rates. |
 * | IPFS_GATEWAY                 | https://ipfs.io                  | Gateway NFT metadata and images on IPFS are fetched through. |
 * | ALCHEMY_API_KEY              | (unset: no floor prices)         | Alchemy key: NFTs on Ethereum are priced at their collection's floor (OpenSea, LooksRare) from Alchemy's NFT API; unset, or where there is no floor, at what the wallet paid. |
 * | ALCHEMY_NFT_BASE_URL         | https://eth-mainnet.g.alchemy.com | Base URL of Alchemy's NFT API for Ethereum, before /nft/v3 (a proxy or a test server). |
 * | BINANCE_BASE_URL             | (Binance)                        | Replaces the scheme and host of Binance's API URLs (a proxy or a test server). |
 * | ENCRYPTION_KEY               | (unset: generated once)          | 32 bytes, base64: seals exchange API keys (AES-256-GCM). Unset: generated into DATA_DIR/encryption-key and reused. Set the same value on every process. |
 * | SYNC_INTERVAL_MINUTES        | 15                               | How often wallets and exchange accounts are synced again. |
 * | SYNC_LEASE_SECONDS           | 300                              | How long a sync may go without storing a page before another worker may take the account over: a sync left by a killed worker resumes after this long. Keep it well above the time one history page takes to fetch and store. |
 * | WORKER_CONCURRENCY           | 2                                | Sync jobs run at once per process. 0: the server process works no jobs (with PostgreSQL run `npm run worker`; with PGlite nothing syncs). |
 * | STRIPE_SECRET_KEY            | (unset: payments off)            | Stripe secret API key. Billing is on when this, STRIPE_WEBHOOK_SECRET and both PLUS price ids are set; otherwise the plans are shown and nothing can be bought. |
 * | STRIPE_WEBHOOK_SECRET        | (unset)                          | Signing secret (whsec_...) of the Stripe webhook endpoint PUBLIC_URL/api/payments/webhook. |
 * | STRIPE_PLUS_MONTHLY_PRICE_ID | (unset)                          | Stripe price id (price_...) of the monthly PLUS subscription. |
 * | STRIPE_PLUS_ANNUAL_PRICE_ID  | (unset)                          | Stripe price id of the annual PLUS subscription. |
 * | PLUS_MONTHLY_PRICE_EUR       | 19.00                            | Monthly PLUS price shown on /pricing, in euro (it should equal the Stripe price). |
 * | PLUS_ANNUAL_PRICE_EUR        | (12 × monthly less 8%)           | Annual PLUS price shown on /pricing, in euro; unset: twelve monthly prices less the 8% annual discount, to the cent. |
 * | STRIPE_API_URL               | https://api.stripe.com           | Scheme, host and port of the Stripe API (a proxy or a test server). |
 * | PAYMENT_WATCH_SECONDS        | 60                               | How often the payment watcher looks for transfers to open invoices' addresses, checks confirmations and reorganisations. |
 * | PAYMENT_TOLERANCE_PERCENT    | 1                                | A payment within this percent of an invoice's amount due covers it (and decides which of several open invoices at one address it pays). |
 * | PAYMENT_CONFIRMATIONS        | ETHEREUM=12,POLYGON=128          | Comma list NETWORK=N: blocks a payment needs before the invoice is PAID (1 on the devnet). |
 * | PAYMENT_SCAN_BLOCKS          | 2000                             | Largest block range one eth_getLogs of the watcher asks for. |
 * | PAY_RATE_LIMIT_PER_IP        | 120                              | Requests of the payer's anonymous calls (public invoice, quote, claim, email-payment, payment labels) per client IP per 15 minutes. |
 * | PAY_RATE_LIMIT_PER_INVOICE   | 30                               | Of those, per client IP and invoice per 15 minutes (a stranger only spends their own IP's budget). |
 * | SMTP_URL                     | (unset: outbox folder)           | SMTP server (smtp:// or smtps://, user and password in the URL). Unset: each message is written as an .eml file under DATA_DIR/outbox. |
 * | MAIL_FROM                    | Ledgerloop <no-reply@PUBLIC_URL host> | Sender of the e-mails. |
 * | FTC_BASE_URL                 | (unset: fiat invoicing off)      | Base URL of the fiat-to-crypto partner's API (Unblock). Unset: the fiat-to-crypto screens say fiat invoicing is not set up on this server. |
 * | FTC_API_KEY                  | (unset)                          | The partner API key (needed with FTC_BASE_URL); never logged or returned. |
 * | FTC_WEBHOOK_SECRET           | (unset: webhook refused)         | Shared secret of the partner's webhook: each delivery's HMAC-SHA256 over the raw body must match. |
 * | FTC_KYC_BASE_URL             | (unset: Sumsub's own)            | Origin the identity-verification widget (Sumsub web SDK) loads its page from, `<origin>/websdk/websdk.html`; the page may frame it. Unset: Sumsub's address (https://in.sumsub.com, or the one the access token names). |
 */
import Big from 'big.js';
import * as v from 'valibot';
import { EVM_NETWORKS, type EvmNetwork, type Exchange } from '../../shared/enums';
import { defaultTokeninfoUrl } from './google-issuer';
import { devnetEndpoints, type DevnetEndpoint } from '../devnet/devnet-endpoints';
import { annualPrice, PLUS_MONTHLY_PRICE } from './plan-catalogue';
import { loadOrCreateSecretKey } from './secret-key';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** undefined: embedded PGlite under dataDir/pglite. */
  databaseUrl: string | undefined;
  dataDir: string;
  secretKey: string;
  publicUrl: string;
  /** Host of publicUrl (with port when not default): the EIP-4361 domain. */
  siweDomain: string;
  /** Origin of publicUrl: the EIP-4361 URI. */
  siweUri: string;
  /** Cookies get the Secure attribute when publicUrl is https. */
  secureCookies: boolean;
  siweChainId: number;
  ethereumRpcUrl: string | undefined;
  oidcIssuer: string;
  googleClientId: string | undefined;
  /** Where sign-in checks which client a Google access token was issued to. */
  googleTokeninfoUrl: string;
  walletconnectProjectId: string | undefined;
  sessionIdleHours: number;
  sessionMaxDays: number;
  loginRateLimitPerIp: number;
  loginRateLimitPerAddress: number;
  trustProxy: boolean;
  staticDir: string;
  staffEmails: readonly string[];
  staffAddresses: readonly string[];
  superuserEmails: readonly string[];
  superuserAddresses: readonly string[];
  businessEmailDomain: string | undefined;
  businessEmailAllowlist: readonly string[];
  logLevel: LogLevel;
  /** Every JSON answer is checked against its contract declaration (tests). */
  checkResponses: boolean;
  chain: ChainConfig;
  payments: PaymentConfig;
  mail: MailConfig;
  /** Stripe billing; null: payments are not set up on this server. */
  billing: BillingConfig | null;
  /** Euro prices of PLUS shown on /pricing (two decimals). */
  plusPrices: { monthly: string; annual: string };
  /** The fiat-to-crypto partner; null when FTC_BASE_URL is unset. */
  ftc: FtcConfig | null;
}

export interface FtcConfig {
  baseUrl: string;
  apiKey: string;
  webhookSecret: string | undefined;
  /** Origin of the verification widget's page (FTC_KYC_BASE_URL); undefined: Sumsub's own. */
  kycBaseUrl: string | undefined;
}

/** Stripe settings; present only when every one of them is set. */
export interface BillingConfig {
  secretKey: string;
  webhookSecret: string;
  prices: { monthly: string; annual: string };
  /** Where the Stripe client sends its requests. */
  api: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Invoice payments (docs/payments.md). */
export interface PaymentConfig {
  watchSeconds: number;
  /** Decimal percent as a string ("1"). */
  tolerancePercent: string;
  /** Confirmations per network before PAID. */
  confirmations: Partial<Record<EvmNetwork, number>>;
  scanBlocks: number;
  rateLimitPerIp: number;
  rateLimitPerInvoice: number;
}

/** Outgoing e-mail (docs/e-mail.md). */
export interface MailConfig {
  /** undefined: messages are written to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

/** Confirmations before a payment makes an invoice PAID, unless PAYMENT_CONFIRMATIONS says otherwise. */
export const DEFAULT_CONFIRMATIONS: Readonly<Record<EvmNetwork, number>> = {
  ETHEREUM: 12,
  POLYGON: 128,
  BINANCE_SMART_CHAIN: 15,
  FANTOM: 5,
  AVALANCHE: 12,
  RONIN: 12,
};

/** Where chain data, prices and exchange data come from, and how the background sync runs. */
export interface ChainConfig {
  /** The local devnet endpoints (DEVNET=1), else null. */
  devnet: Partial<Record<EvmNetwork, DevnetEndpoint>> | null;
  etherscanApiKey: string | undefined;
  etherscanBaseUrl: string | undefined;
  blockscoutUrls: Partial<Record<EvmNetwork, string>>;
  blockscoutApiKey: string | undefined;
  routescanBaseUrl: string | undefined;
  esploraBaseUrl: string | undefined;
  /** JSON-RPC endpoints set in the environment (networks left out use a public node). */
  rpcUrls: Partial<Record<EvmNetwork, string>>;
  defillamaBaseUrl: string | undefined;
  coingeckoApiKey: string | undefined;
  coingeckoPlan: 'demo' | 'pro';
  coingeckoBaseUrl: string | undefined;
  frankfurterBaseUrl: string | undefined;
  ipfsGateway: string | undefined;
  /** Alchemy key for NFT floor prices; undefined: no floor-price source. */
  alchemyApiKey: string | undefined;
  alchemyNftBaseUrl: string | undefined;
  exchangeBaseUrls: Partial<Record<Exchange, string>>;
  /** ENCRYPTION_KEY as given (validated); undefined: the key file under DATA_DIR. */
  encryptionKey: string | undefined;
  syncIntervalMinutes: number;
  /** How long a sync's lease on an account lasts without a stored page (SYNC_LEASE_SECONDS). */
  syncLeaseSeconds: number;
  workerConcurrency: number;
}

const blankToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalText = v.pipe(
  v.unknown(),
  v.transform(blankToUndefined),
  v.optional(v.pipe(v.string(), v.trim())),
);

const integer = (fallback: number, min: number, max: number) =>
  v.pipe(
    v.unknown(),
    v.transform(blankToUndefined),
    v.optional(v.string(), String(fallback)),
    v.regex(/^\s*\d+\s*$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${String(min)}`),
    v.maxValue(max, `must be at most ${String(max)}`),
  );

const boolean = (fallback: boolean) =>
  v.pipe(
    v.unknown(),
    v.transform(blankToUndefined),
    v.optional(v.string(), String(fallback)),
    v.transform((s) => s.trim().toLowerCase()),
    v.picklist(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'),
    v.transform((s) => s === 'true' || s === '1' || s === 'yes'),
  );

/** What is wrong with `text` as an http(s) URL, or undefined when it is one. */
function httpUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be a URL such as https://host.example (it could not be read as one)';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must start with http:// or https://';
  if (url.hostname === '') return 'must name a host';
  return undefined;
}

const httpUrl = v.pipe(
  v.string(),
  v.trim(),
  v.rawCheck(({ dataset, addIssue }) => {
    const problem = dataset.typed ? httpUrlProblem(dataset.value) : undefined;
    if (problem !== undefined) addIssue({ message: problem });
  }),
);

const optionalUrl = v.pipe(v.unknown(), v.transform(blankToUndefined), v.optional(httpUrl));

/**
 * The address users open: an origin only. Its host becomes the EIP-4361 domain (an IPv6 host as `[::1]:8001`),
 * so a user name or password, a path, a query or a fragment would be lost or make sign-in messages invalid.
 */
const publicUrl = v.pipe(
  optionalUrl,
  v.check((s) => s === undefined || !/^[a-z]+:\/\/[^/?#]*@/i.test(s), 'must not contain a user name or password (user@host)'),
  v.check((s) => {
    if (s === undefined || !URL.canParse(s)) return true;
    const url = new URL(s);
    return (url.pathname === '/' || url.pathname === '') && url.search === '' && url.hash === '';
  }, 'must be an origin only (scheme, host and optional port), without a path, query or fragment'),
);

const commaList = (lowercase: boolean) =>
  v.pipe(
    v.unknown(),
    v.transform(blankToUndefined),
    v.optional(v.string(), ''),
    v.transform((s) =>
      s
        .split(',')
        .map((item) => (lowercase ? item.trim().toLowerCase() : item.trim()))
        .filter((item) => item !== ''),
    ),
  );

const networkUrlList = v.pipe(
  v.unknown(),
  v.transform(blankToUndefined),
  v.optional(v.string(), ''),
  v.transform((s) =>
    s
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  ),
  v.check(
    (items) =>
      items.every((item) => {
        const [network, url] = splitPair(item);
        return (EVM_NETWORKS as readonly string[]).includes(network) && httpUrlProblem(url) === undefined;
      }),
    `must be a comma list of NETWORK=URL with NETWORK one of ${EVM_NETWORKS.join(', ')}`,
  ),
  v.transform((items) => Object.fromEntries(items.map(splitPair)) as Partial<Record<EvmNetwork, string>>),
);

function splitPair(item: string): [string, string] {
  const at = item.indexOf('=');
  return at < 0 ? [item, ''] : [item.slice(0, at).trim().toUpperCase(), item.slice(at + 1).trim()];
}

const encryptionKeyText = v.pipe(
  optionalText,
  v.check((s) => {
    if (s === undefined) return true;
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(s)) return false;
    return Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64').length === 32;
  }, 'must be 32 bytes encoded in base64 (for example the output of `openssl rand -base64 32`)'),
);

/** A euro amount with at most two decimals, kept as text (exact). */
const euroAmount = v.pipe(
  v.string(),
  v.regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be a euro amount such as 19.00'),
  v.transform((s) => new Big(s).toFixed(2)),
);

const envSchema = v.object({
  PORT: integer(8001, 1, 65535),
  HOST: v.pipe(optionalText, v.transform((s) => s ?? '0.0.0.0')),
  DATABASE_URL: v.pipe(
    optionalText,
    v.check(
      (s) => s === undefined || (/^postgres(ql)?:\/\//i.test(s) && URL.canParse(s)),
      'must be a postgres:// or postgresql:// URL',
    ),
  ),
  DATA_DIR: v.pipe(optionalText, v.transform((s) => s ?? './data')),
  SECRET_KEY: v.pipe(
    optionalText,
    v.check((s) => s === undefined || s.length >= 32, 'must be at least 32 characters'),
  ),
  PUBLIC_URL: publicUrl,
  SIWE_CHAIN_ID: integer(1, 1, Number.MAX_SAFE_INTEGER),
  ETHEREUM_RPC_URL: optionalUrl,
  OIDC_ISSUER: v.pipe(
    v.unknown(),
    v.transform(blankToUndefined),
    v.optional(httpUrl, 'https://accounts.google.com'),
    v.transform((s) => s.replace(/\/+$/, '')),
  ),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_TOKENINFO_URL: optionalUrl,
  WALLETCONNECT_PROJECT_ID: optionalText,
  SESSION_IDLE_HOURS: integer(168, 1, 24 * 365),
  SESSION_MAX_DAYS: integer(30, 1, 3650),
  LOGIN_RATE_LIMIT_PER_IP: integer(30, 1, 1_000_000),
  LOGIN_RATE_LIMIT_PER_ADDRESS: integer(10, 1, 1_000_000),
  TRUST_PROXY: boolean(false),
  CHECK_API_RESPONSES: boolean(false),
  STATIC_DIR: v.pipe(optionalText, v.transform((s) => s ?? 'dist')),
  STAFF_EMAILS: commaList(true),
  STAFF_ADDRESSES: commaList(true),
  SUPERUSER_EMAILS: commaList(true),
  SUPERUSER_ADDRESSES: commaList(true),
  BUSINESS_EMAIL_DOMAIN: v.pipe(
    optionalText,
    v.transform((s) => s?.toLowerCase().replace(/^@/, '')),
  ),
  BUSINESS_EMAIL_ALLOWLIST: commaList(true),
  LOG_LEVEL: v.pipe(
    v.unknown(),
    v.transform(blankToUndefined),
    v.optional(v.string(), 'info'),
    v.transform((s) => s.trim().toLowerCase()),
    v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`),
  ),
  DEVNET: boolean(false),
  ETHERSCAN_API_KEY: optionalText,
  ETHERSCAN_BASE_URL: optionalUrl,
  BLOCKSCOUT_URLS: networkUrlList,
  BLOCKSCOUT_API_KEY: optionalText,
  ROUTESCAN_BASE_URL: optionalUrl,
  ESPLORA_BASE_URL: optionalUrl,
  POLYGON_RPC_URL: optionalUrl,
  FANTOM_RPC_URL: optionalUrl,
  BINANCE_SMART_CHAIN_RPC_URL: optionalUrl,
  RONIN_RPC_URL: optionalUrl,
  AVALANCHE_RPC_URL: optionalUrl,
  DEFILLAMA_BASE_URL: optionalUrl,
  COINGECKO_API_KEY: optionalText,
  COINGECKO_PLAN: v.pipe(
    v.unknown(),
    v.transform(blankToUndefined),
    v.optional(v.string(), 'demo'),
    v.transform((s) => s.trim().toLowerCase()),
    v.picklist(['demo', 'pro'], 'must be demo or pro'),
  ),
  COINGECKO_BASE_URL: optionalUrl,
  FRANKFURTER_BASE_URL: optionalUrl,
  IPFS_GATEWAY: optionalUrl,
  ALCHEMY_API_KEY: optionalText,
  ALCHEMY_NFT_BASE_URL: optionalUrl,
  BINANCE_BASE_URL: optionalUrl,
  ENCRYPTION_KEY: encryptionKeyText,
  SYNC_INTERVAL_MINUTES: integer(15, 1, 24 * 60),
  SYNC_LEASE_SECONDS: integer(300, 5, 24 * 60 * 60),
  WORKER_CONCURRENCY: integer(2, 0, 64),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PLUS_MONTHLY_PRICE_ID: optionalText,
  STRIPE_PLUS_ANNUAL_PRICE_ID: optionalText,
  PLUS_MONTHLY_PRICE_EUR: v.pipe(optionalText, v.optional(euroAmount, PLUS_MONTHLY_PRICE)),
  PLUS_ANNUAL_PRICE_EUR: v.pipe(optionalText, v.optional(euroAmount)),
  STRIPE_API_URL: v.pipe(
    v.unknown(),
    v.transform(blankToUndefined),
    v.optional(httpUrl, 'https://api.stripe.com'),
  ),
  PAYMENT_WATCH_SECONDS: integer(60, 1, 24 * 60 * 60),
  PAYMENT_TOLERANCE_PERCENT: v.pipe(
    v.unknown(),
    v.transform(blankToUndefined),
    v.optional(v.string(), '1'),
    v.transform((s) => s.trim()),
    v.regex(/^\d{1,2}(\.\d{1,4})?$/, 'must be a percent between 0 and 99.9999'),
  ),
  PAYMENT_CONFIRMATIONS: v.pipe(
    v.unknown(),
    v.transform(blankToUndefined),
    v.optional(v.string(), ''),
    v.transform((s) => s.split(',').map((item) => item.trim()).filter((item) => item !== '')),
    v.check(
      (items) => items.every((item) => {
        const [network, n] = splitPair(item);
        return (EVM_NETWORKS as readonly string[]).includes(network) && /^\d{1,5}$/.test(n) && Number(n) >= 1;
      }),
      `must be a comma list of NETWORK=N with NETWORK one of ${EVM_NETWORKS.join(', ')} and N at least 1`,
    ),
    v.transform((items) => Object.fromEntries(items.map(splitPair).map(([k, n]) => [k, Number(n)])) as Partial<Record<EvmNetwork, number>>),
  ),
  PAYMENT_SCAN_BLOCKS: integer(2000, 1, 100_000),
  PAY_RATE_LIMIT_PER_IP: integer(120, 1, 1_000_000),
  PAY_RATE_LIMIT_PER_INVOICE: integer(30, 1, 1_000_000),
  SMTP_URL: v.pipe(
    optionalText,
    v.check((s) => s === undefined || /^smtps?:\/\/\S+$/i.test(s), 'must be an smtp:// or smtps:// URL'),
  ),
  MAIL_FROM: optionalText,
  FTC_BASE_URL: optionalUrl,
  FTC_API_KEY: optionalText,
  FTC_WEBHOOK_SECRET: optionalText,
  FTC_KYC_BASE_URL: publicUrl,
});

const STRIPE_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PLUS_MONTHLY_PRICE_ID',
  'STRIPE_PLUS_ANNUAL_PRICE_ID',
] as const;

/** Stripe settings when all of them are set, null when none is; some but not all is a configuration error. */
function billingConfig(e: v.InferOutput<typeof envSchema>): BillingConfig | null {
  const missing = STRIPE_VARIABLES.filter((key) => e[key] === undefined);
  if (missing.length === STRIPE_VARIABLES.length) return null;
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')} must be set with the other Stripe settings`);
  }
  const url = new URL(e.STRIPE_API_URL);
  const https = url.protocol === 'https:';
  return {
    secretKey: e.STRIPE_SECRET_KEY as string,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET as string,
    prices: { monthly: e.STRIPE_PLUS_MONTHLY_PRICE_ID as string, annual: e.STRIPE_PLUS_ANNUAL_PRICE_ID as string },
    api: { host: url.hostname, port: url.port === '' ? (https ? 443 : 80) : Number(url.port), protocol: https ? 'https' : 'http' },
  };
}

/** Thrown with every invalid variable listed, so a misconfigured server stops with one clear message. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** The EIP-4361 domain: host plus any explicit port, as a browser reports `location.host`. */
function hostOf(url: URL): string {
  return url.host;
}

function definedOnly<K extends string>(entries: Record<K, string | undefined>): Partial<Record<K, string>> {
  const result: Partial<Record<K, string>> = {};
  for (const key of Object.keys(entries) as K[]) {
    const value = entries[key];
    if (value !== undefined) result[key] = value;
  }
  return result;
}

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  // Every known variable is passed, set or not, so each one's default applies.
  const input = Object.fromEntries(Object.keys(envSchema.entries).map((key) => [key, env[key]]));
  const result = v.safeParse(envSchema, input);
  if (!result.success) {
    const lines = result.issues.map((issue) => {
      const key = issue.path?.map((item) => String(item.key)).join('.') ?? '(environment)';
      return `${key} ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = result.output;
  if (e.COINGECKO_PLAN === 'pro' && e.COINGECKO_API_KEY === undefined) {
    throw new ConfigError('Invalid configuration:\n  COINGECKO_PLAN pro needs COINGECKO_API_KEY');
  }
  let devnet: ChainConfig['devnet'] = null;
  if (e.DEVNET) {
    try {
      devnet = devnetEndpoints(env);
    } catch (error) {
      throw new ConfigError(`Invalid configuration:\n  ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const rpcUrls = definedOnly<EvmNetwork>({
    ETHEREUM: e.ETHEREUM_RPC_URL,
    POLYGON: e.POLYGON_RPC_URL,
    FANTOM: e.FANTOM_RPC_URL,
    BINANCE_SMART_CHAIN: e.BINANCE_SMART_CHAIN_RPC_URL,
    RONIN: e.RONIN_RPC_URL,
    AVALANCHE: e.AVALANCHE_RPC_URL,
  });
  const exchangeBaseUrls = definedOnly<Exchange>({ BINANCE: e.BINANCE_BASE_URL });
  if (e.FTC_BASE_URL !== undefined && e.FTC_API_KEY === undefined) {
    throw new ConfigError('Invalid configuration:\n  FTC_BASE_URL needs FTC_API_KEY');
  }
  const ftc: FtcConfig | null =
    e.FTC_BASE_URL === undefined || e.FTC_API_KEY === undefined
      ? null
      : { baseUrl: e.FTC_BASE_URL, apiKey: e.FTC_API_KEY, webhookSecret: e.FTC_WEBHOOK_SECRET, kycBaseUrl: e.FTC_KYC_BASE_URL === undefined ? undefined : new URL(e.FTC_KYC_BASE_URL).origin };
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${String(e.PORT)}`);
  const secretKey = e.SECRET_KEY ?? loadOrCreateSecretKey(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    secretKey,
    publicUrl: publicUrl.origin,
    siweDomain: hostOf(publicUrl),
    siweUri: publicUrl.origin,
    secureCookies: publicUrl.protocol === 'https:',
    siweChainId: e.SIWE_CHAIN_ID,
    ethereumRpcUrl: e.ETHEREUM_RPC_URL,
    oidcIssuer: e.OIDC_ISSUER,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleTokeninfoUrl: e.GOOGLE_TOKENINFO_URL ?? defaultTokeninfoUrl(e.OIDC_ISSUER),
    walletconnectProjectId: e.WALLETCONNECT_PROJECT_ID,
    sessionIdleHours: e.SESSION_IDLE_HOURS,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    loginRateLimitPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
    loginRateLimitPerAddress: e.LOGIN_RATE_LIMIT_PER_ADDRESS,
    trustProxy: e.TRUST_PROXY,
    staticDir: e.STATIC_DIR,
    staffEmails: e.STAFF_EMAILS,
    staffAddresses: e.STAFF_ADDRESSES,
    superuserEmails: e.SUPERUSER_EMAILS,
    superuserAddresses: e.SUPERUSER_ADDRESSES,
    businessEmailDomain: e.BUSINESS_EMAIL_DOMAIN,
    businessEmailAllowlist: e.BUSINESS_EMAIL_ALLOWLIST,
    logLevel: e.LOG_LEVEL,
    checkResponses: e.CHECK_API_RESPONSES,
    billing: billingConfig(e),
    plusPrices: { monthly: e.PLUS_MONTHLY_PRICE_EUR, annual: e.PLUS_ANNUAL_PRICE_EUR ?? annualPrice(e.PLUS_MONTHLY_PRICE_EUR) },
    ftc,
    chain: {
      devnet,
      etherscanApiKey: e.ETHERSCAN_API_KEY,
      etherscanBaseUrl: e.ETHERSCAN_BASE_URL,
      blockscoutUrls: e.BLOCKSCOUT_URLS,
      blockscoutApiKey: e.BLOCKSCOUT_API_KEY,
      routescanBaseUrl: e.ROUTESCAN_BASE_URL,
      esploraBaseUrl: e.ESPLORA_BASE_URL,
      rpcUrls,
      defillamaBaseUrl: e.DEFILLAMA_BASE_URL,
      coingeckoApiKey: e.COINGECKO_API_KEY,
      coingeckoPlan: e.COINGECKO_PLAN,
      coingeckoBaseUrl: e.COINGECKO_BASE_URL,
      frankfurterBaseUrl: e.FRANKFURTER_BASE_URL,
      ipfsGateway: e.IPFS_GATEWAY,
      alchemyApiKey: e.ALCHEMY_API_KEY,
      alchemyNftBaseUrl: e.ALCHEMY_NFT_BASE_URL,
      exchangeBaseUrls,
      encryptionKey: e.ENCRYPTION_KEY,
      syncIntervalMinutes: e.SYNC_INTERVAL_MINUTES,
      syncLeaseSeconds: e.SYNC_LEASE_SECONDS,
      workerConcurrency: e.WORKER_CONCURRENCY,
    },
    payments: {
      watchSeconds: e.PAYMENT_WATCH_SECONDS,
      tolerancePercent: e.PAYMENT_TOLERANCE_PERCENT,
      // The local chains mine on demand: one block is final there.
      confirmations: { ...DEFAULT_CONFIRMATIONS, ...(devnet ? { ETHEREUM: 1, POLYGON: 1 } : {}), ...e.PAYMENT_CONFIRMATIONS },
      scanBlocks: e.PAYMENT_SCAN_BLOCKS,
      rateLimitPerIp: e.PAY_RATE_LIMIT_PER_IP,
      rateLimitPerInvoice: e.PAY_RATE_LIMIT_PER_INVOICE,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Ledgerloop <no-reply@${publicUrl.hostname}>`,
      outboxDir: `${e.DATA_DIR.replace(/\/+$/, '')}/outbox`,
    },
  };
}
