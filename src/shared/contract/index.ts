/**
 * The API contract (docs/README.md): every route of the server, declared once. The server registers each route
 * from its declaration (src/server/http/route.ts), the PWA calls it with `api.call` (src/app/lib/api-client.ts), and
 * the tests walk this list so that no route escapes the bad-input and access sweeps.
 */
import { addressEndpoints } from './addresses';
import { authEndpoints } from './auth';
import { billingEndpoints } from './billing';
import { contactEndpoints } from './contacts';
import type { Endpoint } from './endpoint';
import { exchangeEndpoints } from './exchanges';
import { ftcEndpoints } from './ftc';
import { labelEndpoints } from './labels';
import { paymentEndpoints } from './payments';
import { planEndpoints } from './plans';
import { searchEndpoints } from './search';
import { userEndpoints } from './users';
import { walletEndpoints } from './wallets';

export const API_CONTRACT = {
  ...contactEndpoints,
  ...authEndpoints,
  ...userEndpoints,
  ...addressEndpoints,
  ...planEndpoints,
  ...billingEndpoints,
  ...searchEndpoints,
  ...labelEndpoints,
  ...walletEndpoints,
  ...exchangeEndpoints,
  ...paymentEndpoints,
  ...ftcEndpoints,
} as const satisfies Record<string, Endpoint>;

export type ApiContract = typeof API_CONTRACT;
