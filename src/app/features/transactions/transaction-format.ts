/** Display texts of a transaction row and its details (docs/transactions.md formats). */
import dayjs from 'dayjs';
import type { TransactionOut } from '../../../shared/contract/transactions';
import { EXCHANGES, FIAT_SYMBOLS, type FiatCurrency, type Network } from '../../../shared/enums';
import { directionSign, formatAmount } from '../../../shared/money';

export const NO_DATA = 'No data Available';

const EXCHANGE_NAMES: Record<(typeof EXCHANGES)[number], string> = { BINANCE: 'Binance' };

/** The signed number ('+1.5' in, '−1.5' out, '0' for none: a contract call), at most 6 decimals. */
export function signedAmount(tx: Pick<TransactionOut, 'amount' | 'direction'>): string {
  const amount = formatAmount(tx.amount.replace(/^-/, ''));
  const sign = directionSign(amount, tx.direction === 'INCOMING');
  return `${sign === '-' ? '−' : sign}${amount}`;
}

/** '+1.5 ETH' for incoming, '−1.5 ETH' for outgoing, '0 ETH' for none. */
export function amountText(tx: Pick<TransactionOut, 'amount' | 'direction' | 'token'>): string {
  return `${signedAmount(tx)} ${tx.token.symbol}`;
}

/** A fiat value with its symbol and 2 decimals ('$1,234.50'); null when there is none. */
export function fiatText(value: string | null, currency: FiatCurrency): string | null {
  if (value === null || value === '') return null;
  const symbol = FIAT_SYMBOLS[currency];
  const amount = formatAmount(value, { minDecimals: 2, maxDecimals: 2 });
  return symbol === currency ? `${amount} ${currency}` : `${symbol}${amount}`;
}

/** Date and time of the table ('2024-03-05', '14:07'). */
export function dateParts(createdAt: string): { day: string; time: string } {
  const value = dayjs(createdAt);
  return { day: value.format('YYYY-MM-DD'), time: value.format('HH:mm') };
}

/** The Wallet Name column: the wallet's name, else the exchange's. */
export function walletName(tx: Pick<TransactionOut, 'wallet' | 'cex'>): string {
  if (tx.wallet) return tx.wallet.name;
  if (tx.cex) return EXCHANGE_NAMES[tx.cex.exchange];
  return '—';
}

/** A detail value or 'No data Available' when missing. */
export function orNoData(value: string | null | undefined, format: (value: string) => string = (v) => v): string {
  return value === null || value === undefined || value === '' ? NO_DATA : format(value);
}

/** Gas is not shown for Bitcoin transactions (docs/transactions.md). */
export function showsGas(tx: Pick<TransactionOut, 'network'>): boolean {
  return tx.network !== 'BITCOIN';
}

/** What to call a transaction in labels and buttons: 'Incoming 1.5 ETH on 2024-03-05'. */
export function transactionSubject(tx: Pick<TransactionOut, 'amount' | 'direction' | 'token' | 'created_at'>): string {
  const direction = tx.direction === 'INCOMING' ? 'Incoming' : 'Outgoing';
  return `${direction} ${formatAmount(tx.amount.replace(/^-/, ''))} ${tx.token.symbol} on ${dateParts(tx.created_at).day}`;
}

/** The coin fees are paid in, per network. */
export const NATIVE_SYMBOLS: Record<Network, string> = {
  ETHEREUM: 'ETH',
  BITCOIN: 'BTC',
  POLYGON: 'POL',
  FANTOM: 'FTM',
  BINANCE_SMART_CHAIN: 'BNB',
  RONIN: 'RON',
  AVALANCHE: 'AVAX',
};

/** Gas price (gwei on EVM networks) and fee (native coin) texts; 'No data Available' when missing. */
/** The fee rows of the details; gas and gas price are null where the network has no gas (Bitcoin): no row at all. */
export function feeTexts(tx: Pick<TransactionOut, 'gas' | 'gas_price' | 'fee' | 'network'>): {
  gas: string | null;
  gasPrice: string | null;
  fee: string;
} {
  const decimal = (value: string) => formatAmount(value, { maxDecimals: 9 });
  const native = tx.network ? NATIVE_SYMBOLS[tx.network] : '';
  return {
    gas: showsGas(tx) ? orNoData(tx.gas, decimal) : null,
    gasPrice: showsGas(tx) ? orNoData(tx.gas_price, (value) => `${decimal(value)} Gwei`) : null,
    fee: orNoData(tx.fee, (value) => (native ? `${decimal(value)} ${native}` : decimal(value))),
  };
}
