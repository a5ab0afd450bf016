/**
 * Two years of activity of the demo Bitcoin wallet: an opening withdrawal from an exchange, monthly savings
 * bought on the exchange and withdrawn, occasional payments to merchants and coins from friends. Outgoing
 * transactions pay a fee (virtual size x fee rate) in satoshis; Bitcoin has no gas.
 */
import type { DemoAssetSymbol } from './demo-assets';
import { unitsFor, usdBetween } from './demo-fixed';
import type { ActivityInput } from './demo-ethereum-activity';
import { NATIVE_LOG_INDEX } from './demo-ledger';

const BTC_BLOCKS_PER_DAY = 144;
const FIRST_BLOCK = 790_000n;
/** Satoshis kept back for fees. */
const FEE_RESERVE = 100_000n;

/**
 * Published example addresses (Bitcoin wiki, BIP-173 and BIP-350 test vectors): valid mainnet encodings of every
 * address type that belong to no one in particular.
 */
const EXCHANGE = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const MERCHANTS = [
  '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
] as const;
const FRIENDS = ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y'] as const;

export const DEMO_BITCOIN_COUNTERPARTIES: readonly string[] = [EXCHANGE, ...MERCHANTS, ...FRIENDS];

export function generateBitcoinActivity(input: ActivityInput): void {
  const { calendar, prices, ledger, prng } = input;
  const btc = input.assets.get('BTC' satisfies DemoAssetSymbol);
  if (btc === undefined) throw new Error('Demo asset BTC is missing.');

  const book = (day: number, second: number, direction: 'INCOMING' | 'OUTGOING', worth: bigint, counterparty: string) => {
    const price = prices.price('BTC', day);
    const amount = unitsFor(worth, price, btc.token.decimals);
    if (amount <= 0n) return;
    const fee = direction === 'OUTGOING' ? BigInt(prng.int(110, 230) * prng.int(4, 65)) : undefined;
    if (direction === 'OUTGOING' && ledger.balance(btc.token) < amount + (fee ?? 0n) + FEE_RESERVE) return;
    ledger.record({
      at: calendar.at(day, second),
      hash: prng.hex(32),
      blockNumber: FIRST_BLOCK + BigInt(day * BTC_BLOCKS_PER_DAY + Math.floor(second / 600)),
      movements: [{ direction, token: btc.token, amount, logIndex: NATIVE_LOG_INDEX, counterparty, priceUsd: price }],
      ...(fee === undefined ? {} : { fee }),
    });
  };

  // Savings twice a month.
  const savingsDay = new Set<number>();
  for (let half = 0; half * 15 < calendar.days - 1; half += 1) savingsDay.add(half * 15 + prng.int(3, 7));

  for (let day = 0; day < calendar.days - 1; day += 1) {
    const events: { second: number; run: (second: number) => void }[] = [];
    const add = (run: (second: number) => void) => events.push({ second: prng.int(0, 86_399), run });
    if (day === 0) add((s) => book(day, s, 'INCOMING', usdBetween(prng.int, 12_000, 16_000), EXCHANGE));
    if (savingsDay.has(day)) add((s) => book(day, s, 'INCOMING', usdBetween(prng.int, 100, 450), EXCHANGE));
    if (prng.chance(10)) add((s) => book(day, s, 'INCOMING', usdBetween(prng.int, 40, 600), prng.pick(FRIENDS)));
    if (prng.chance(40)) add((s) => book(day, s, 'OUTGOING', usdBetween(prng.int, 60, 1_200), prng.pick(MERCHANTS)));
    events.sort((a, b) => a.second - b.second);
    for (const event of events) event.run(event.second);
  }
}
