// Starts what the end-to-end tests run against: the local devnet (Ethereum, chain id 1, and Polygon, chain id 137,
// with mock USDC/USDT and scripted activity) and the app on a fresh embedded database syncing from it (DEVNET=1).
// Playwright launches this as its webServer and stops it afterwards.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = process.env.E2E_PORT ?? '8123';
const ethereumPort = process.env.E2E_ANVIL_PORT ?? '8546';
const polygonPort = String(Number(ethereumPort) + 1);
const dataDir = `${root}.tmp/e2e-data-${port}`;
rmSync(dataDir, { recursive: true, force: true });

const chainEnv = { DEVNET_HOST: '127.0.0.1', DEVNET_ETHEREUM_PORT: ethereumPort, DEVNET_POLYGON_PORT: polygonPort };
const devnet = spawn(process.execPath, ['--import', 'tsx', `${root}src/scripts/devnet.ts`], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, ...chainEnv },
});
/**
 * The fiat-to-crypto partner stand-in (tests/fixtures/ftc-partner-server.ts) on E2E_FTC_PORT (default: E2E_PORT +
 * 1000): the app registers users, checks codes and opens bank accounts there, and it posts signed transfers back.
 * It also serves the verification page the Sumsub web SDK frames (FTC_KYC_BASE_URL).
 */
const ftcPort = process.env.E2E_FTC_PORT ?? String(Number(port) + 1000);
const ftcEnv = {
  FTC_BASE_URL: `http://127.0.0.1:${ftcPort}`,
  FTC_API_KEY: 'e2e-partner-key',
  FTC_WEBHOOK_SECRET: 'e2e-webhook-secret',
  FTC_KYC_BASE_URL: `http://127.0.0.1:${ftcPort}`,
};
const ftcPartner = spawn(process.execPath, ['--import', 'tsx', `${root}tests/fixtures/ftc-partner-main.ts`], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, ...ftcEnv, FTC_PARTNER_PORT: ftcPort, FTC_WEBHOOK_URL: `http://127.0.0.1:${port}/api/ftc/webhook` },
});
let app;
const stop = () => {
  app?.kill('SIGTERM');
  devnet.kill('SIGTERM');
  ftcPartner.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
devnet.on('exit', (code) => {
  if (!app) {
    console.error(`The devnet stopped before it was ready (exit code ${String(code)}).`);
    process.exit(1);
  }
});

/**
 * Every outside service points at a closed loopback port: the end-to-end runs never reach the internet, and
 * behave the same on a machine that has it (prices, FX, explorers and exchanges answer as an outage does).
 */
const closedPort = 'http://127.0.0.1:9';
const offlineProviders = {
  DEFILLAMA_BASE_URL: closedPort,
  COINGECKO_BASE_URL: closedPort,
  FRANKFURTER_BASE_URL: closedPort,
  ETHERSCAN_BASE_URL: closedPort,
  ROUTESCAN_BASE_URL: closedPort,
  ESPLORA_BASE_URL: closedPort,
  BINANCE_BASE_URL: closedPort,
  IPFS_GATEWAY: closedPort,
  BLOCKSCOUT_URLS: ['ETHEREUM', 'BINANCE_SMART_CHAIN', 'POLYGON', 'FANTOM', 'AVALANCHE', 'RONIN']
    .map((network) => `${network}=${closedPort}`)
    .join(','),
  BINANCE_SMART_CHAIN_RPC_URL: closedPort,
  FANTOM_RPC_URL: closedPort,
  AVALANCHE_RPC_URL: closedPort,
  RONIN_RPC_URL: closedPort,
};

/**
 * The price source: a DefiLlama-shaped responder on loopback that knows only the devnet's tokens, its mock USDC and
 * USDT (any ERC-20 coin on Ethereum or Polygon here), at one US dollar now and at any past time, so invoices can be
 * issued (their 10 USDT minimum needs a quote); native coins stay unpriced, as in an outage.
 */
const stablecoinPrices = createServer((req, res) => {
  const requestUrl = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path = requestUrl.pathname;
  // Frankfurter-shaped: one euro rate (0.9 per US dollar), so fiat-to-crypto invoices (in EUR) can be quoted.
  const fxDay = /^\/(latest|\d{4}-\d{2}-\d{2})$/.exec(path);
  if (fxDay && requestUrl.searchParams.get('base') === 'USD' && (requestUrl.searchParams.get('symbols') ?? '').split(',').includes('EUR')) {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ amount: 1, base: 'USD', date: new Date().toISOString().slice(0, 10), rates: { EUR: 0.9 } }));
    return;
  }
  const match = /^\/prices\/(?:current|historical\/\d+)\/(.+)$/.exec(path);
  const coins = {};
  for (const coin of match ? decodeURIComponent(match[1]).split(',') : []) {
    if (/^(ethereum|polygon):0x[0-9a-fA-F]{40}$/.test(coin)) {
      coins[coin] = { price: 1, symbol: 'USD', decimals: 6, timestamp: Math.floor(Date.now() / 1000), confidence: 0.99 };
    }
  }
  res.writeHead(match ? 200 : 404, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ coins }));
});
await new Promise((resolve) => stablecoinPrices.listen(0, '127.0.0.1', resolve));
stablecoinPrices.unref();
const address = stablecoinPrices.address();
offlineProviders.DEFILLAMA_BASE_URL = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
offlineProviders.FRANKFURTER_BASE_URL = offlineProviders.DEFILLAMA_BASE_URL;

/**
 * Billing: a Stripe-shaped server on loopback (tests/fixtures/stripe-stand-in.ts). Its checkout session URL is a
 * stand-in page whose "Pay" creates the subscription, sends the signed webhook events to the app and redirects to
 * the success URL, as Stripe's hosted checkout does.
 */
const { tsImport } = await import('tsx/esm/api');
const { StripeStandIn } = await tsImport('../../tests/fixtures/stripe-stand-in.ts', import.meta.url);
const stripeSettings = {
  STRIPE_SECRET_KEY: 'sk_test_e2e_ledgerloop',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e_ledgerloop',
  STRIPE_PLUS_MONTHLY_PRICE_ID: 'price_e2e_plus_monthly',
  STRIPE_PLUS_ANNUAL_PRICE_ID: 'price_e2e_plus_annual',
};
const stripeStandIn = new StripeStandIn({
  secretKey: stripeSettings.STRIPE_SECRET_KEY,
  webhookSecret: stripeSettings.STRIPE_WEBHOOK_SECRET,
  prices: [
    { id: stripeSettings.STRIPE_PLUS_MONTHLY_PRICE_ID, interval: 'month', unitAmount: 1900 },
    { id: stripeSettings.STRIPE_PLUS_ANNUAL_PRICE_ID, interval: 'year', unitAmount: 20976 },
  ],
  deliver: async (payload, signature) =>
    (
      await fetch(`http://127.0.0.1:${port}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature },
        body: payload,
      })
    ).status,
});
stripeSettings.STRIPE_API_URL = await stripeStandIn.start();

// The app starts once the devnet has deployed its contracts and run its scenario (it prints its RPC URLs then).
let output = '';
devnet.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (app) return;
  output += String(chunk);
  if (!output.includes(`:${polygonPort}`)) return;
  app = spawn(process.execPath, [`${root}src/scripts/start.mjs`], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      ...chainEnv,
      DEVNET: '1',
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      ETHEREUM_RPC_URL: `http://127.0.0.1:${ethereumPort}`,
      ...offlineProviders,
      ...stripeSettings,
      ...ftcEnv,
      LOGIN_RATE_LIMIT_PER_IP: '100000',
      LOGIN_RATE_LIMIT_PER_ADDRESS: '100000',
      STAFF_ADDRESSES: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      // The payment watcher runs often against the local chains (1 confirmation there), so a payment shows
      // PROCESSING and then PAID within seconds; e-mail goes to DATA_DIR/outbox.
      PAYMENT_WATCH_SECONDS: process.env.PAYMENT_WATCH_SECONDS ?? '2',
      PAY_RATE_LIMIT_PER_IP: '100000',
      PAY_RATE_LIMIT_PER_INVOICE: '100000',
    },
  });
  app.on('exit', (code) => {
    devnet.kill('SIGTERM');
    ftcPartner.kill('SIGTERM');
    process.exit(code ?? 0);
  });
});
