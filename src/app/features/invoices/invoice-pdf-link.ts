/**
 * The invoice PDF link (docs/invoices.md: 'PDF link: invoices/{id}/pdf with download true or false') of the invoice page.
 */
import { pathOf } from '../../../shared/contract/endpoint';
import { invoiceEndpoints } from '../../../shared/contract/invoices';
import { buildUrl } from '../../lib/api-client';

/** GET invoices/{id}/pdf: `download` true answers it as an attachment, false shows it inline. */
export function invoicePdfUrl(invoiceId: string, download: boolean): string {
  return buildUrl(pathOf(invoiceEndpoints.invoicePdf.path, { id: invoiceId }), { download });
}
