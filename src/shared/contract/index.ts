/**
 * The API contract (docs/README.md): every route of the server, declared once. The server registers each route
 * from its declaration (src/server/http/route.ts), the PWA calls it with `api.call` (src/app/lib/api-client.ts), and
 * the tests walk this list so that no route escapes the bad-input and access sweeps.
 */
import { addressEndpoints } from './addresses';
import { authEndpoints } from './auth';
import { billingEndpoints } from './billing';
import { contactChangeEndpoints } from './contact-changes';
import { contactEndpoints } from './contacts';
import { documentEndpoints } from './documents';
import type { Endpoint } from './endpoint';
import { exchangeEndpoints } from './exchanges';
import { ftcEndpoints } from './ftc';
import { holdingsEndpoints } from './holdings';
import { invoiceEndpoints } from './invoices';
import { labelEndpoints } from './labels';
import { marketEndpoints } from './market';
import { nftEndpoints } from './nft';
import { paymentEndpoints } from './payments';
import { planEndpoints } from './plans';
import { portfolioEndpoints } from './portfolio';
import { reportEndpoints } from './reports';
import { searchEndpoints } from './search';
import { transactionEndpoints } from './transactions';
import { userEndpoints } from './users';
import { walletCreateEndpoints } from './wallet-create';
import { walletEndpoints } from './wallets';

export const API_CONTRACT = {
  ...authEndpoints,
  ...userEndpoints,
  ...addressEndpoints,
  ...planEndpoints,
  ...billingEndpoints,
  ...searchEndpoints,
  ...walletEndpoints,
  ...walletCreateEndpoints,
  ...exchangeEndpoints,
  ...contactEndpoints,
  ...contactChangeEndpoints,
  ...labelEndpoints,
  ...holdingsEndpoints,
  ...nftEndpoints,
  ...portfolioEndpoints,
  ...marketEndpoints,
  ...transactionEndpoints,
  ...documentEndpoints,
  ...reportEndpoints,
  ...invoiceEndpoints,
  ...paymentEndpoints,
  ...ftcEndpoints,
} as const satisfies Record<string, Endpoint>;

export type ApiContract = typeof API_CONTRACT;
