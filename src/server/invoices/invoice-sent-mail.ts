/** The e-mail to the bill-to contact when an invoice is sent (docs/e-mail.md): the pay link and the invoice PDF. */
import type { InvoiceOut } from '../../shared/contract/invoices';
import { exportFileName } from '../http/file-download';
import { queueMail, type MailOutbox } from '../mail/mail-outbox';
import { renderInvoicePdf } from './invoice-pdf';

export async function queueInvoiceSentMail(outbox: MailOutbox, publicUrl: string, invoice: InvoiceOut, now: Date): Promise<boolean> {
  const to = invoice.contact?.email ?? '';
  if (invoice.state !== 'DUE' || invoice.download_only || to === '') return false;
  const owner = invoice.owner;
  const from = [owner?.first_name, owner?.last_name].filter(Boolean).join(' ') || owner?.company || 'Your supplier';
  const pdf = await renderInvoicePdf(invoice);
  const due = invoice.expires_at === null ? '' : ` It is due on ${invoice.expires_at}.`;
  return queueMail(
    outbox,
    {
      to,
      subject: `Invoice ${invoice.name} from ${from}`,
      text:
        `Hello ${invoice.contact?.first_name ?? ''},\n\n${from} sent you invoice ${invoice.name} for ${invoice.total_amount} ${invoice.fiat_currency}.${due}\n\n` +
        `View and pay it here: ${publicUrl}/pay-invoice/${invoice.id}\n\nThe invoice is attached as a PDF.` +
        (invoice.message ? `\n\nMessage from ${from}:\n${invoice.message}` : '') +
        '\n\n— Ledgerloop',
      attachments: [{ filename: exportFileName(invoice.name, 'pdf'), contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
      dedupeKey: `sent:${invoice.id}`,
    },
    now,
  );
}
