/**
 * What an exchange account yields, as plain records. Amounts are bigint base units with the decimals they are
 * counted in (never binary floats); asset codes are the exchange's unified codes (BTC, USDT, ...).
 */

export interface KeyPermissions {
  canRead: boolean;
  canTrade: boolean;
  canWithdraw: boolean;
}

export interface ExchangeBalance {
  asset: string;
  decimals: number;
  free: bigint;
  used: bigint;
  total: bigint;
}

export type ExchangeTransferStatus = 'pending' | 'ok' | 'failed' | 'canceled';

export interface ExchangeTransfer {
  kind: 'deposit' | 'withdrawal';
  /** Stable identity on the exchange (its id, else the transaction hash, else a composite). */
  id: string;
  /** On-chain transaction hash, or the exchange's reference for internal transfers. */
  txid: string | null;
  asset: string;
  decimals: number;
  /** Amount credited (deposit) or requested (withdrawal), in base units of `asset`. */
  amount: bigint;
  /** Fee charged by the exchange, in base units of `feeAsset`. */
  fee: bigint | null;
  feeAsset: string | null;
  network: string | null;
  /** Address the funds went to (withdrawal) or arrived at (deposit). */
  address: string | null;
  status: ExchangeTransferStatus;
  /** Between accounts of the exchange, not on a chain. */
  internal: boolean;
  timestamp: Date;
}

export interface ExchangeTrade {
  id: string;
  orderId: string | null;
  /** Unified symbol, e.g. BTC/USDT. */
  symbol: string;
  base: string;
  quote: string;
  side: 'buy' | 'sell';
  /** Base asset amount bought or sold. */
  amount: bigint;
  baseDecimals: number;
  /** Quote asset amount paid or received. */
  cost: bigint;
  quoteDecimals: number;
  /** Price in quote per base, as a decimal string. */
  price: string;
  fee: { asset: string; amount: bigint; decimals: number } | null;
  takerOrMaker: 'taker' | 'maker' | null;
  timestamp: Date;
}

/** A spot market of the exchange. */
export interface ExchangeMarket {
  /** Unified symbol, e.g. BTC/USDT. */
  symbol: string;
  base: string;
  quote: string;
  /** False for a market the exchange still lists but has halted or delisted. */
  active: boolean;
}

export interface ExchangeAmount {
  asset: string;
  amount: bigint;
  decimals: number;
}

/**
 * A conversion outside the order book: Binance's dust log (small balances turned into BNB) or a Convert trade.
 * `from` left the account, `to` arrived, and `fee` (when stated) was taken from `to`.
 */
export interface ExchangeConversion {
  kind: 'dust' | 'convert';
  /** Stable identity on the exchange. */
  id: string;
  from: ExchangeAmount;
  to: ExchangeAmount;
  fee: ExchangeAmount | null;
  timestamp: Date;
}
