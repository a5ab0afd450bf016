import type { InvoiceOut } from '../../../shared/contract/invoices';
import type { PublicInvoiceOut } from '../../../shared/contract/payments';

/** What the invoice sheet shows: the owner's invoice, or the public one a payer reads. */
export type SheetInvoice = InvoiceOut | PublicInvoiceOut;

/** An attachment as a link: its name and where it opens. */
export interface SheetAttachment {
  name: string;
  href: string;
}
