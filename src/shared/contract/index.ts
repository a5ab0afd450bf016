/**
 * The API contract (docs/README.md): every route of the server, declared once. The server registers each route
 * from its declaration (src/server/http/route.ts), the PWA calls it with `api.call` (src/app/lib/api-client.ts), and
 * the tests walk this list so that no route escapes the bad-input and access sweeps.
 */
import { contactEndpoints } from './contacts';
import { documentEndpoints } from './documents';
import type { Endpoint } from './endpoint';
import { holdingsEndpoints } from './holdings';
import { invoiceEndpoints } from './invoices';
import { marketEndpoints } from './market';
import { nftEndpoints } from './nft';
import { portfolioEndpoints } from './portfolio';
import { reportEndpoints } from './reports';
import { transactionEndpoints } from './transactions';

export const API_CONTRACT = {
  ...contactEndpoints,
  ...documentEndpoints,
  ...holdingsEndpoints,
  ...invoiceEndpoints,
  ...marketEndpoints,
  ...nftEndpoints,
  ...portfolioEndpoints,
  ...reportEndpoints,
  ...transactionEndpoints,
} as const satisfies Record<string, Endpoint>;

export type ApiContract = typeof API_CONTRACT;
