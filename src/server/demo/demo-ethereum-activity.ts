/**
 * Two years of activity of the demo Ethereum wallet: an opening deposit from an exchange, monthly stablecoin
 * income from clients, payments to vendors, transfers with friends, swaps on a DEX router at the day's prices
 * (less the pool fee) and a few NFT purchases. Every outgoing transaction pays gas in ETH; nothing is booked that
 * the wallet could not pay.
 */
import { getAddress } from 'viem';
import type { DemoAsset, DemoAssetSymbol } from './demo-assets';
import type { DemoCalendar, PriceBook } from './demo-calendar';
import { unitsFor, usd, usdBetween, valueOf } from './demo-fixed';
import { FIRST_TRACE_LOG_INDEX, NATIVE_LOG_INDEX, type DemoLedger, type DemoMovement } from './demo-ledger';
import { collectionToken, DEMO_NFT_COLLECTIONS, nftImageUrl, type DemoNftItem } from './demo-nfts';
import type { Prng } from './prng';

export interface ActivityInput {
  prng: Prng;
  calendar: DemoCalendar;
  prices: PriceBook;
  assets: ReadonlyMap<DemoAssetSymbol, DemoAsset>;
  ledger: DemoLedger;
}

const WEI = 10n ** 18n;
const GWEI = 10n ** 9n;
/** ETH kept back for gas: transfers and swaps never spend below it. */
const ETH_RESERVE = WEI / 4n;
const ETH_BLOCKS_PER_DAY = 7_160;
const FIRST_BLOCK = 17_000_000n;

type SwapPair = readonly [DemoAssetSymbol, DemoAssetSymbol];
const SWAP_PAIRS: readonly SwapPair[] = [
  ['USDC', 'ETH'],
  ['USDC', 'ETH'],
  ['USDT', 'ETH'],
  ['ETH', 'USDC'],
  ['USDC', 'LINK'],
  ['USDC', 'UNI'],
  ['USDT', 'WBTC'],
  ['ETH', 'WBTC'],
  ['LINK', 'USDC'],
  ['UNI', 'ETH'],
  ['USDT', 'USDC'],
  ['DAI', 'ETH'],
];

interface PlannedEvent {
  second: number;
  run: (at: Date) => void;
}

export function generateEthereumActivity(input: ActivityInput): void {
  const { calendar, prices, ledger } = input;
  const prng = input.prng;
  const people = input.prng.fork('counterparties');
  const address = () => getAddress(`0x${people.hex(20)}`);
  const exchange = address();
  const router = address();
  const marketplace = address();
  const clients = [address(), address(), address(), address()];
  const vendors = [address(), address(), address(), address(), address(), address()];
  const friends = [address(), address(), address()];
  const previousOwners = [address(), address(), address(), address(), address()];

  const asset = (symbol: DemoAssetSymbol): DemoAsset => {
    const found = input.assets.get(symbol);
    if (found === undefined) throw new Error(`Demo asset ${symbol} is missing.`);
    return found;
  };
  const eth = asset('ETH');

  const gasPrice = (day: number): bigint => {
    // Busier phases in the middle of the period cost more gas.
    const busy = day > calendar.days / 3 && day < (calendar.days * 2) / 3 ? 18 : 0;
    return BigInt(prng.int(6, 34) + busy) * GWEI + BigInt(prng.int(0, 999_999_999));
  };
  const hash = () => `0x${prng.hex(32)}`;
  const block = (day: number, second: number) => FIRST_BLOCK + BigInt(day * ETH_BLOCKS_PER_DAY + Math.floor(second / 12));
  const second = () => prng.int(0, 86_399);

  const movement = (
    direction: DemoMovement['direction'],
    symbol: DemoAssetSymbol,
    amount: bigint,
    counterparty: string,
    day: number,
    logIndex: number,
  ): DemoMovement => ({
    direction,
    token: asset(symbol).token,
    amount,
    logIndex,
    counterparty,
    priceUsd: prices.price(symbol, day),
  });

  /** Books a transaction if the wallet can pay it; returns whether it did. */
  const book = (
    day: number,
    at: Date,
    movements: DemoMovement[],
    options: { gas: bigint; method?: string },
  ): boolean => {
    const price = gasPrice(day);
    const sends = movements.some((m) => m.direction === 'OUTGOING');
    const fee = sends ? options.gas * price : undefined;
    if (!ledger.canAfford(movements, fee ?? 0n)) return false;
    const second = Math.floor((at.getTime() - calendar.dayStart(day).getTime()) / 1000);
    ledger.record({
      at,
      hash: hash(),
      blockNumber: block(day, second),
      movements,
      nativePriceUsd: prices.price('ETH', day),
      gas: options.gas,
      gasPrice: price,
      ...(fee === undefined ? {} : { fee }),
      ...(options.method === undefined ? {} : { method: options.method }),
    });
    return true;
  };

  const tokenGas = () => BigInt(prng.int(41_000, 64_000));

  const receive = (day: number, at: Date, symbol: DemoAssetSymbol, worth: bigint, from: string) => {
    const amount = unitsFor(worth, prices.price(symbol, day), asset(symbol).token.decimals);
    if (amount <= 0n) return;
    const native = symbol === 'ETH';
    book(day, at, [movement('INCOMING', symbol, amount, from, day, native ? NATIVE_LOG_INDEX : prng.int(0, 380))], {
      gas: native ? 21_000n : tokenGas(),
      ...(native ? {} : { method: 'transfer' }),
    });
  };

  const pay = (day: number, at: Date, worth: bigint, to: string) => {
    for (const symbol of ['USDC', 'USDT', 'DAI'] as const) {
      const amount = unitsFor(worth, prices.price(symbol, day), asset(symbol).token.decimals);
      if (amount > 0n && ledger.balance(asset(symbol).token) >= amount) {
        book(day, at, [movement('OUTGOING', symbol, amount, to, day, prng.int(0, 380))], { gas: tokenGas(), method: 'transfer' });
        return;
      }
    }
  };

  const sendEth = (day: number, at: Date, worth: bigint, to: string) => {
    const amount = unitsFor(worth, prices.price('ETH', day), eth.token.decimals);
    if (amount <= 0n || ledger.balance(eth.token) < amount + ETH_RESERVE) return;
    book(day, at, [movement('OUTGOING', 'ETH', amount, to, day, NATIVE_LOG_INDEX)], { gas: 21_000n });
  };

  const swap = (day: number, at: Date, [from, to]: SwapPair, shareBp: number) => {
    const source = asset(from).token;
    let amountIn = (ledger.balance(source) * BigInt(shareBp)) / 10_000n;
    if (from === 'ETH') {
      const spendable = ledger.balance(source) - ETH_RESERVE;
      if (spendable <= 0n) return;
      if (amountIn > spendable) amountIn = spendable;
    }
    const worthIn = valueOf(amountIn, source.decimals, prices.price(from, day));
    if (worthIn < usd('40')) return;
    // Pool fee 0.3 % plus up to 0.4 % price impact.
    const worthOut = (worthIn * BigInt(10_000 - 30 - prng.int(0, 40))) / 10_000n;
    const amountOut = unitsFor(worthOut, prices.price(to, day), asset(to).token.decimals);
    if (amountOut <= 0n) return;
    const firstLog = prng.int(2, 300);
    const out = movement('OUTGOING', from, amountIn, router, day, from === 'ETH' ? NATIVE_LOG_INDEX : firstLog);
    const back = movement('INCOMING', to, amountOut, router, day, to === 'ETH' ? FIRST_TRACE_LOG_INDEX : firstLog + prng.int(2, 6));
    const method = from === 'ETH' ? 'swapExactETHForTokens' : to === 'ETH' ? 'swapExactTokensForETH' : 'swapExactTokensForTokens';
    book(day, at, [out, back], { gas: BigInt(prng.int(118_000, 196_000)), method });
  };

  const nftMovement = (
    direction: DemoMovement['direction'],
    item: DemoNftItem,
    collection: (typeof DEMO_NFT_COLLECTIONS)[number],
    counterparty: string,
    priceUsd: bigint,
  ): DemoMovement => ({
    direction,
    token: collectionToken(collection, input.prng),
    amount: 1n,
    logIndex: prng.int(0, 200),
    counterparty,
    priceUsd,
    nft: { id: item.tokenId, imageUrl: nftImageUrl(item), url: nftImageUrl(item) },
  });

  /** Buys `item` for `priceEth` through the marketplace: ETH out, the NFT in, in one transaction. */
  /** Buys `item` for `priceEth` (fixed-point) through the marketplace. */
  const buyNft = (day: number, at: Date, collection: (typeof DEMO_NFT_COLLECTIONS)[number], item: DemoNftItem, priceEth: bigint) => {
    const paid = unitsFor(priceEth, usd('1'), 18);
    const itemUsd = valueOf(paid, 18, prices.price('ETH', day));
    if (ledger.balance(eth.token) < paid + ETH_RESERVE) return false;
    return book(
      day,
      at,
      [
        movement('OUTGOING', 'ETH', paid, marketplace, day, NATIVE_LOG_INDEX),
        nftMovement('INCOMING', item, collection, people.pick(previousOwners), itemUsd),
      ],
      { gas: BigInt(prng.int(85_000, 165_000)), method: 'fulfillBasicOrder' },
    );
  };

  // NFT purchases: the kept items are bought on distinct days spread over the period; one gift comes and goes.
  const nftPlans = new Map<number, PlannedEvent[]>();
  const plan = (day: number, event: PlannedEvent) => nftPlans.set(day, [...(nftPlans.get(day) ?? []), event]);
  const nftDays = new Set<number>();
  const freeDay = (min: number, max: number) => {
    let day = prng.int(min, max);
    while (nftDays.has(day)) day = prng.int(min, max);
    nftDays.add(day);
    return day;
  };
  for (const collection of DEMO_NFT_COLLECTIONS) {
    for (const item of collection.kept) {
      const priceEth = (usd(collection.floorEth) * BigInt(prng.int(70, 140))) / 100n;
      const day = freeDay(20, calendar.days - 30);
      plan(day, { second: second(), run: (at) => buyNft(day, at, collection, item, priceEth) });
    }
    const gift = collection.passedOn;
    if (gift !== undefined) {
      const received = freeDay(60, Math.floor(calendar.days / 2));
      const passed = freeDay(Math.floor(calendar.days / 2) + 10, calendar.days - 10);
      const floorUsd = (day: number) => valueOf(usd(collection.floorEth), 8, prices.price('ETH', day));
      const friend = people.pick(friends);
      plan(received, {
        second: second(),
        run: (at) => book(received, at, [nftMovement('INCOMING', gift, collection, friend, floorUsd(received))], { gas: BigInt(prng.int(52_000, 68_000)), method: 'safeTransferFrom' }),
      });
      plan(passed, {
        second: second(),
        run: (at) => book(passed, at, [nftMovement('OUTGOING', gift, collection, people.pick(friends), floorUsd(passed))], { gas: BigInt(prng.int(52_000, 68_000)), method: 'safeTransferFrom' }),
      });
    }
  }

  const monthlyIncomeDay = new Map<number, number>();
  for (let month = 0; month * 30 < calendar.days - 1; month += 1) monthlyIncomeDay.set(month * 30 + prng.int(1, 5), month);

  for (let day = 0; day < calendar.days - 1; day += 1) {
    const events: PlannedEvent[] = [...(nftPlans.get(day) ?? [])];
    const add = (run: (at: Date) => void) => events.push({ second: second(), run });
    if (day === 0) {
      add((at) => receive(day, at, 'ETH', usdBetween(prng.int, 15_000, 19_000), exchange));
    }
    if (day === 1) add((at) => receive(day, at, 'USDC', usdBetween(prng.int, 4_000, 6_000), exchange));
    if (monthlyIncomeDay.has(day)) {
      const client = prng.pick(clients);
      add((at) => receive(day, at, 'USDC', usdBetween(prng.int, 3_200, 5_800), client));
    }
    if (prng.chance(35)) add((at) => receive(day, at, 'USDT', usdBetween(prng.int, 300, 2_400), prng.pick(clients)));
    if (prng.chance(10)) add((at) => receive(day, at, 'DAI', usdBetween(prng.int, 100, 900), prng.pick(clients)));
    if (prng.chance(14)) add((at) => receive(day, at, 'ETH', usdBetween(prng.int, 60, 900), prng.pick(friends)));
    if (prng.chance(80)) add((at) => pay(day, at, usdBetween(prng.int, 80, 1_500), prng.pick(vendors)));
    if (prng.chance(16)) add((at) => sendEth(day, at, usdBetween(prng.int, 50, 800), prng.pick(friends)));
    if (prng.chance(85) && day > 2) add((at) => swap(day, at, prng.pick(SWAP_PAIRS), prng.int(1_000, 3_500)));

    events.sort((a, b) => a.second - b.second);
    for (const event of events) event.run(calendar.at(day, event.second));
  }
}
