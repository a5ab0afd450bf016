/** Response shapes of the documents and invoices API (docs/documents.md, Invoice, Invoice item, Owner). */
import type { DocumentKind, FiatCurrency, InvoiceState, InvoiceTemplate, Network } from './enums';

export interface InvoiceItemOut {
  id: string;
  name: string;
  description: string;
  /** Decimals as strings, computed with 5 decimals. */
  quantity: string;
  unit_price: string;
  discount: string;
  discount_is_percent: boolean;
  tax: string;
  tax_is_percent: boolean;
  total_amount: string;
}

export interface InvoiceOwnerOut {
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  address_line1: string;
  address_line2: string;
  city: string;
  postal_code: string;
  country: string;
  bank_name: string;
  bank_account: string;
  iban: string;
  clearing_number: string;
  swift: string;
  tax_number: string;
}

export interface InvoiceContactOut {
  id: string;
  first_name: string;
  last_name: string;
  company: string;
  email: string;
  address_line1: string;
  address_line2: string;
  country: string;
  city: string;
  postal_code: string;
  tax_number: string;
}

export interface InvoiceTokenOut {
  id: string;
  symbol: string;
  name: string;
  image_url: string;
}

export interface InvoiceOut {
  id: string;
  document_id: string;
  name: string;
  number: string;
  vendor: string;
  project_name: string;
  covering_period: string;
  kind: InvoiceTemplate;
  state: InvoiceState;
  /** yyyy-MM-dd, or null on a draft without dates. */
  issued_at: string | null;
  expires_at: string | null;
  created_at: string;
  /** Whole days from today (UTC) to expires_at; null without a due date. */
  days_to_expire: number | null;
  fiat_currency: FiatCurrency;
  message: string;
  contact: InvoiceContactOut | null;
  owner: InvoiceOwnerOut | null;
  wallet: { id: string | null; network: Network; address: string } | null;
  token: InvoiceTokenOut | null;
  contract_address: string | null;
  items: InvoiceItemOut[];
  attachments: { name: string; data: string }[];
  is_ftc: boolean;
  ftc: { bank_uuid: string; bank_iban: string; bank_bic: string; payment_ref: string; kyc: string; amount_received?: string } | null;
  download_only: boolean;
  total_amount: string;
  total_tax_amount: string;
  total_base_amount: string;
  total_tax_percentage: string;
  value_fiat: string | null;
}

export interface DocumentOut {
  id: string;
  name: string;
  kind: DocumentKind;
  /** The invoice's state; null for reports. */
  state: InvoiceState | null;
  /** Wallet ids the report covers; null means every wallet. Invoices list their receiving wallet. */
  wallets: string[] | null;
  cex: string[];
  /** yyyy-MM-dd; null for invoices. */
  start_date: string | null;
  end_date: string | null;
  created_at: string;
  quickbooks_url: string | null;
  invoice: InvoiceOut | null;
}

/** A page of GET documents: `next` is the URL of the page after this one, null on the last. */
export interface DocumentPage {
  results: DocumentOut[];
  count: number;
  next: string | null;
}
