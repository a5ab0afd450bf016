import type { Hono } from 'hono';
import { invoiceEndpoints } from '../../shared/contract/invoices';
import { isUuid } from '../lib/ids';
import { notFound } from '../http/api-error';
import { contentDisposition, exportFileName } from '../http/file-download';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { Services } from '../services';
import { renderInvoicePdf } from './invoice-pdf';
import { findInvoice, invoiceOut } from './invoice-store';

/**
 * GET invoices/{id}/pdf?download=true|false (docs/invoices.md: 'PDF link: invoices/{id}/pdf with download true
 * or false'; Documents: Export as PDF). Seen by the same people as GET invoices/{id}: the owner in every state,
 * anyone else (signed out too) once it is not a draft; 404 otherwise.
 */
export function registerInvoicePdfRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, invoiceEndpoints.invoicePdf, async (c, { params: { id }, query }) => {
    if (!isUuid(id)) throw notFound();
    const stored = await findInvoice(s.db, id.toLowerCase());
    const viewer = c.get('auth')?.user.id;
    if (stored === undefined || (stored.invoice.userId !== viewer && stored.document.state === 'DRAFT')) throw notFound();
    const invoice = await invoiceOut(s.db, stored.document, s.now());
    const pdf = await renderInvoicePdf(invoice);
    const download = query.download === 'true';
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition(download ? 'attachment' : 'inline', exportFileName(invoice.name, 'pdf')),
      'Content-Length': String(pdf.length),
      // Drafts change and issued invoices move between states: never served from a cache.
      'Cache-Control': 'private, no-store',
      // A PDF needs none of the app's sources; 'object-src' lets the browser's viewer show it inline.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; object-src 'self'; frame-ancestors 'none'",
    });
  });
}
