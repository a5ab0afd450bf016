/**
 * The payment watcher at scale: 10,000 open invoices over 1,000 receiving addresses on the local Polygon chain
 * (anvil), with transfers to some of them, and one watcher cycle timed with the JSON-RPC calls it made. Budget:
 * under 5 s and at most one eth_getLogs per 1,000 addresses per block range.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createPublicClient, createWalletClient, http, parseAbi, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { loadConfig } from '../../src/server/config/env';
import { openDatabase } from '../../src/server/db/client';
import { prepareDatabase } from '../../src/server/prepare-database';
import { paymentWatchCursors } from '../../src/server/db/schema';
import { ACCOUNT_INDEX, DEVNET_MNEMONIC } from '../../src/server/devnet/accounts';
import { startDevnet } from '../../src/server/devnet/start-devnet';
import { createLogger } from '../../src/server/logging/logger';
import { createJobDispatch } from '../../src/server/jobs/job-dispatch';
import { paymentChainFromConfig } from '../../src/server/payments/payment-chain';
import { watchPayments } from '../../src/server/payments/payment-watcher';

export const WATCH_BUDGET_MS = 5000;
const INVOICES = 10_000;
const ADDRESSES = 1_000;
const TRANSFERS = 20;

const ERC20 = parseAbi(['function mint(address to, uint256 value)', 'function transfer(address to, uint256 value) returns (bool)']);

export async function measurePaymentWatch(): Promise<string> {
  const devnet = await startDevnet({ ethereumPort: 0, polygonPort: 0 });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-payments-'));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
      LOG_LEVEL: 'silent',
      DEVNET: '1',
      DEVNET_HOST: '127.0.0.1',
      DEVNET_ETHEREUM_PORT: new URL(devnet.ethereumRpcUrl).port,
      DEVNET_POLYGON_PORT: new URL(devnet.polygonRpcUrl).port,
    });
    const database = await openDatabase(config);
    await prepareDatabase(database);
    const db = database.db;
    const usdc = devnet.contracts.usdc.toLowerCase();
    const address = (n: number) => `0x${(0xbe00000 + n).toString(16).padStart(40, '0')}`;
    await db.execute(sql`insert into users (auth_key, email, timezone) select 'bench-' || g, 'owner' || g || '@example.com', 'UTC' from generate_series(1, 100) g`);
    await db.execute(sql`
      insert into documents (user_id, kind, name, state)
      select u.id, 'INVOICE', 'Bench ' || g, 'DUE'
      from generate_series(0, ${INVOICES - 1}) g
      join (select id, row_number() over (order by auth_key) - 1 as n from users) u on u.n = g % 100`);
    await db.execute(sql`
      with d as (select id, user_id, (row_number() over (order by id) - 1)::int as n from documents where kind = 'INVOICE' and name like 'Bench %')
      insert into invoices (document_id, user_id, network, wallet_address, token_symbol, contract_address, total_amount, fiat_currency, sent_at, issued_at, expires_at)
      select d.id, d.user_id, 'POLYGON', '0x' || lpad(to_hex(${0xbe00000}::int + d.n % ${ADDRESSES}::int), 40, '0'),
        'USDC', ${usdc}::text, (100 + d.n % 500)::numeric, 'USD', now() - interval '1 hour', current_date, current_date + 30
      from d`);
    const polygon = createPublicClient({ transport: http(devnet.polygonRpcUrl) });
    const head = await polygon.getBlockNumber();
    await db.insert(paymentWatchCursors).values({ network: 'POLYGON', nextBlock: head + 1n });
    const account = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: ACCOUNT_INDEX.deployer });
    const wallet = createWalletClient({ account, transport: http(devnet.polygonRpcUrl), chain: { id: 137, name: 'Polygon devnet', nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 }, rpcUrls: { default: { http: [devnet.polygonRpcUrl] } } } });
    await polygon.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: usdc as Address, abi: ERC20, functionName: 'mint', args: [account.address, 10n ** 12n] }) });
    for (let i = 0; i < TRANSFERS; i += 1) {
      const hash = await wallet.writeContract({ address: usdc as Address, abi: ERC20, functionName: 'transfer', args: [address(i * 37) as Address, 123_000_000n] });
      await polygon.waitForTransactionReceipt({ hash });
    }
    const chain = paymentChainFromConfig(config);
    const started = performance.now();
    const report = await watchPayments({ db, logger: createLogger('silent'), now: () => new Date(), config, jobs: createJobDispatch(), chain, prices: null });
    const ms = performance.now() - started;
    const getLogs = chain.calls.get('eth_getLogs') ?? 0;
    const allowed = report.ranges * Math.ceil(ADDRESSES / 1000);
    const calls = [...chain.calls.entries()].map(([method, n]) => `${method} ${String(n)}`).join(', ');
    await database.close();
    return [
      'Payment watcher (PGlite, local Polygon chain)',
      `  ${String(INVOICES)} open invoices over ${String(ADDRESSES)} receiving addresses, ${String(TRANSFERS)} transfers to find`,
      `  one cycle: ${ms.toFixed(0)} ms (budget ${String(WATCH_BUDGET_MS)} ms: ${ms <= WATCH_BUDGET_MS ? 'OK' : 'OVER'})`,
      `  block ranges ${String(report.ranges)}, transfers found ${String(report.transfers)} (assigned ${String(report.assigned)}, review ${String(report.review)})`,
      `  RPC calls: ${calls}`,
      `  eth_getLogs ${String(getLogs)} (budget ${String(allowed)}: one per 1,000 addresses per range: ${getLogs <= allowed ? 'OK' : 'OVER'})`,
    ].join('\n');
  } finally {
    await devnet.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
