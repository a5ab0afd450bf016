export { createExchangeClient, type ExchangeClient, type ExchangeClientConfig, type ExchangeClientOptions } from './exchange-client';
export { EXCHANGE_DEFINITIONS, type ExchangeDefinition } from './exchange-config';
export { ExchangeKeyError, EXCHANGE_KEY_MESSAGES, isExchangeKeyError, type ExchangeKeyProblem } from './exchange-errors';
export { exchangeDecimals, EXCHANGE_MIN_DECIMALS } from './exchange-amounts';
export type {
  ExchangeAmount,
  ExchangeBalance,
  ExchangeConversion,
  ExchangeMarket,
  ExchangeTrade,
  ExchangeTransfer,
  ExchangeTransferStatus,
  KeyPermissions,
} from './exchange-records';
