/** Currencies values can be shown in (the top bar's picker, docs/data-model.md). */
export const FIAT_CURRENCIES = [
  'USD',
  'CAD',
  'EUR',
  'SGD',
  'INR',
  'JPY',
  'VND',
  'CNY',
  'KRW',
  'CHF',
  'RUB',
  'TRY',
  'ETH',
  'BNB',
  'BTC',
] as const;
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];
