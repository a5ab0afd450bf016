import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from '../../lib/toast';
import { NOT_AVAILABLE_YET, NoticeCard, PageFrame } from './page-frame';

export const MISSING_INVOICE_TEXT = 'An error occurred while fetching invoice data.';

/** /pay-invoice/$id/payment: needs the invoice in navigation state, else reports it and goes to /auth (spec §2). */
export function PayInvoicePaymentPage() {
  const hasInvoice = useLocation({ select: (location) => location.state.invoice !== undefined });
  const navigate = useNavigate();

  useEffect(() => {
    if (hasInvoice) return;
    toast(MISSING_INVOICE_TEXT, 'error');
    void navigate({ to: '/auth', replace: true });
  }, [hasInvoice, navigate]);

  return (
    <PageFrame title="Payment">
      <NoticeCard>
        <p>{hasInvoice ? NOT_AVAILABLE_YET : MISSING_INVOICE_TEXT}</p>
      </NoticeCard>
    </PageFrame>
  );
}
