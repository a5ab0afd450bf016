/** Shapes the dashboard reads that the shared contract does not describe yet. */
import type { FiatCurrency, InvoiceState } from '../../../shared/enums';
import type { NftItem } from '../../../shared/data-types';

/** A row of GET documents as far as the dashboard's invoicing columns use it (spec §3 Document). */
export interface DashboardDocument {
  id: string;
  name: string;
  kind: string;
  state: InvoiceState | null;
  created_at: string;
  invoice?: {
    id?: string;
    name?: string;
    total_amount?: string | null;
    fiat_currency?: FiatCurrency | null;
    expires_at?: string | null;
    contact?: { first_name?: string; last_name?: string; company?: string } | null;
  } | null;
}

/** The two latest documents of one state, or that this server offers no documents yet. */
export interface DashboardDocuments {
  available: boolean;
  results: DashboardDocument[];
}

export interface NftSummary {
  results: NftItem[];
  count: number;
}
