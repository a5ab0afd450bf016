/**
 * Builds the demo wallets' data, deterministically from a fixed seed and the seed date: the market's daily
 * prices, each wallet's transactions, its current token balances and NFTs, and its daily portfolio values.
 * Pure: nothing here touches the database.
 */
import type { Network } from '../../shared/enums';
import type { NewNftHoldingRow, NewTokenBalanceRow, NewTransactionRow } from '../db/schema';
import { createTokenRegistry } from '../providers/tokens/token-registry';
import { demoAssets, demoPriceKey, type DemoAsset, type DemoAssetSymbol } from './demo-assets';
import { generateBitcoinActivity } from './demo-bitcoin-activity';
import { demoCalendar, PriceBook, type DemoCalendar } from './demo-calendar';
import { generateEthereumActivity } from './demo-ethereum-activity';
import { usdText, valueOf } from './demo-fixed';
import { DemoLedger, type LedgerWallet } from './demo-ledger';
import { generatePriceSeries, generateTrackingSeries } from './demo-market';
import { dailyPortfolioValues, type DailyValue } from './demo-snapshots';
import { DEMO_NFT_COLLECTIONS } from './demo-nfts';
import { createPrng } from './prng';

/** Changing the seed changes every figure of the demo. */
export const DEMO_SEED = 'ledgerloop-demo-1';

export interface DemoMarket {
  calendar: DemoCalendar;
  assets: ReadonlyMap<DemoAssetSymbol, DemoAsset>;
  prices: PriceBook;
}

export interface DemoPricePoint {
  tokenKey: string;
  bucketStart: Date;
  priceUsd: string;
}

export interface DemoWalletData {
  transactions: NewTransactionRow[];
  balances: NewTokenBalanceRow[];
  nfts: NewNftHoldingRow[];
  snapshots: DailyValue[];
  /** USD value of the holdings on the seed day. */
  totalValueUsd: string;
  lastActivity: Date | null;
}

/** The demo market of the history ending on the UTC day of `seedDate`. */
export function demoMarket(seedDate: Date): DemoMarket {
  const calendar = demoCalendar(seedDate);
  const assets = demoAssets(createTokenRegistry());
  const prng = createPrng(`${DEMO_SEED}/market`);
  const series = new Map<DemoAssetSymbol, bigint[]>();
  for (const asset of assets.values()) {
    if (asset.market.kind === 'trend') series.set(asset.symbol, generatePriceSeries(asset.market.spec, calendar.days, prng.fork(asset.symbol)));
  }
  for (const asset of assets.values()) {
    if (asset.market.kind === 'tracks') {
      const base = series.get(asset.market.symbol);
      if (base === undefined) throw new Error(`${asset.symbol} tracks ${asset.market.symbol}, which has no series.`);
      series.set(asset.symbol, generateTrackingSeries(base, asset.market.spreadBp, prng.fork(asset.symbol)));
    }
  }
  return { calendar, assets, prices: new PriceBook(series) };
}

/** Every daily price of the market, keyed apart from real quotes (see demoPriceKey). */
export function demoPricePoints(market: DemoMarket): DemoPricePoint[] {
  const points: DemoPricePoint[] = [];
  for (const asset of market.assets.values()) {
    market.prices.seriesOf(asset.symbol).forEach((priceUsd, day) => {
      points.push({ tokenKey: demoPriceKey(asset.token), bucketStart: market.calendar.dayStart(day), priceUsd: usdText(priceUsd) });
    });
  }
  return points;
}

/** The demo data of one wallet (an ETHEREUM or a BITCOIN demo wallet). */
export function buildDemoWalletData(market: DemoMarket, wallet: LedgerWallet & { network: Network }, seedDate: Date): DemoWalletData {
  const native = wallet.network === 'BITCOIN' ? market.assets.get('BTC') : market.assets.get('ETH');
  if (native === undefined) throw new Error('The demo market has no native coin.');
  const ledger = new DemoLedger(wallet, native.token);
  const input = {
    prng: createPrng(`${DEMO_SEED}/wallet/${wallet.network}/${wallet.address.toLowerCase()}`),
    calendar: market.calendar,
    prices: market.prices,
    assets: market.assets,
    ledger,
  };
  if (wallet.network === 'BITCOIN') generateBitcoinActivity(input);
  else if (wallet.network === 'ETHEREUM') generateEthereumActivity(input);
  else throw new Error(`No demo activity for ${wallet.network}.`);

  const symbolOf = new Map([...market.assets.values()].map((a) => [a.token.id, a.symbol]));
  const priceOf = (tokenId: string, day: number): bigint => {
    const symbol = symbolOf.get(tokenId);
    if (symbol === undefined) throw new Error(`${tokenId} is not a demo asset.`);
    return market.prices.price(symbol, day);
  };
  const lastDay = market.calendar.days - 1;

  const balances: NewTokenBalanceRow[] = ledger.holdings().map(({ token, amount }) => {
    const priceUsd = priceOf(token.id, lastDay);
    return {
      userId: wallet.userId,
      walletId: wallet.walletId,
      network: wallet.network,
      tokenId: token.id,
      tokenAddress: token.address === 'native' ? null : token.address,
      tokenSymbol: token.symbol,
      tokenName: token.name,
      tokenDecimals: token.decimals,
      tokenImage: token.image_url,
      amount: amount.toString(),
      priceUsd: usdText(priceUsd),
      valueUsd: usdText(valueOf(amount, token.decimals, priceUsd)),
      isSpam: false,
      updatedAt: seedDate,
    };
  });

  const nfts: NewNftHoldingRow[] = ledger.nftHoldings().map(({ token, nft, amount, acquiredAt }) => {
    const collection = DEMO_NFT_COLLECTIONS.find((c) => c.symbol === token.symbol);
    const item = collection?.kept.find((i) => i.tokenId === nft.id) ?? collection?.passedOn;
    return {
      userId: wallet.userId,
      walletId: wallet.walletId,
      network: wallet.network,
      contractAddress: token.address,
      nftId: nft.id,
      standard: 'ERC721',
      amount: amount.toString(),
      name: item?.name ?? `${token.name} #${nft.id}`,
      collection: token.name,
      imageUrl: nft.imageUrl,
      metadataUrl: null,
      properties: item?.properties ?? [],
      acquiredAt,
      price: collection?.floorEth ?? null,
      priceCurrency: collection === undefined ? null : 'ETH',
      isPriceSynced: collection !== undefined,
      metadataFetchedAt: seedDate,
      updatedAt: seedDate,
    };
  });

  const snapshots = dailyPortfolioValues({ rows: ledger.rows, calendar: market.calendar, nativeTokenId: native.token.id, priceOf });
  return {
    transactions: ledger.rows,
    balances,
    nfts,
    snapshots,
    totalValueUsd: snapshots.at(-1)?.valueUsd ?? '0',
    lastActivity: ledger.lastActivityAt,
  };
}
