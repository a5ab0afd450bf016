/**
 * Spam-token heuristics. Airdropped scam tokens advertise a website or a "claim" in their name or symbol,
 * impersonate a well-known symbol from another contract, or come as zero-decimal airdrops. Tokens on the
 * committed lists are never spam. The result hides a token by default; the user can still show it.
 */

export interface SpamCandidate {
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  /** On the network's committed token list. */
  known: boolean;
  /** Uses the symbol of a well-known token while being another contract. */
  impersonates?: boolean;
  /** The user has sent this token themselves (so it is not only something dropped on them). */
  userSent?: boolean;
}

/** Symbols scam tokens like to borrow. */
export const WELL_KNOWN_SYMBOLS: ReadonlySet<string> = new Set([
  'ETH', 'WETH', 'BTC', 'WBTC', 'BNB', 'WBNB', 'MATIC', 'WMATIC', 'POL', 'AVAX', 'WAVAX', 'FTM', 'WFTM', 'RON',
  'WRON', 'USDT', 'USDC', 'DAI', 'BUSD', 'TUSD', 'USDP', 'AXS', 'SLP', 'SHIB', 'UNI', 'LINK', 'AAVE', 'APE', 'PEPE',
]);

const URL_PATTERN =
  /(https?:\/\/|www\.|t\.me\/|\b[a-z0-9-]{2,}\s?\.\s?(com|io|org|net|xyz|app|site|online|top|club|info|vip|pro|live|link|gift|cc|co|tk|ml|ga|cf|gq|to|ly|fi|us|me|fun|cash|claims?|website|store|shop|space|icu|buzz|network|finance|exchange|zone|world|bond)\b)/i;

const CLAIM_PATTERN =
  /\b(claim|claimable|airdrop|visit|voucher|bonus|free|gift|redeem|eligible|activate|giveaway)\b/i;

const ODD_CHARACTERS = /[^\x20-\x7E]/;

function normalized(text: string | null): string {
  return (text ?? '').normalize('NFKC');
}

/** Reasons a token looks like spam; empty when it does not. */
export function spamReasons(token: SpamCandidate): string[] {
  if (token.known) return [];
  const reasons: string[] = [];
  const name = normalized(token.name);
  const symbol = normalized(token.symbol);
  const both = `${name} ${symbol}`;
  if (URL_PATTERN.test(both)) reasons.push('names a website');
  if (CLAIM_PATTERN.test(both)) reasons.push('asks to claim or visit');
  if (token.impersonates) reasons.push('borrows a well-known symbol');
  if (ODD_CHARACTERS.test(symbol)) reasons.push('symbol has look-alike or hidden characters');
  if (token.decimals === 0 && !token.userSent) reasons.push('zero-decimal airdrop');
  if (symbol.trim().length === 0 && name.trim().length === 0) reasons.push('no name or symbol');
  return reasons;
}

export function isLikelySpam(token: SpamCandidate): boolean {
  return spamReasons(token).length > 0;
}
