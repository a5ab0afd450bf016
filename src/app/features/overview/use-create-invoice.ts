import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { invoicesLimitQuery } from '../../lib/invoice-limit-query';
import { requireOnline } from '../../lib/network-actions';
import { limitMessage } from '../quick-create';

/**
 * 'Create Invoice': opens /new-invoice when the plan allows another invoice (asked fresh from the server), with an
 * optional wallet or contact to prefill; otherwise yields the invoice-limit text for the upgrade dialog.
 */
export interface InvoicePrefill {
  walletId?: string;
  contactId?: string;
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [limitText, setLimitText] = useState<string | null>(null);

  const start = useCallback(
    async (prefill: InvoicePrefill = {}) => {
      if (!requireOnline('Creating an invoice')) return;
      setChecking(true);
      try {
        const limit = await queryClient.fetchQuery({ ...invoicesLimitQuery(), networkMode: 'always', retry: false });
        if (limit.can_create) await navigate({ to: '/new-invoice', state: prefill });
        else setLimitText(limitMessage('invoice', limit));
      } catch {
        // The API client has already told the user why (network problem, server error).
      } finally {
        setChecking(false);
      }
    },
    [navigate, queryClient],
  );

  return { start, checking, limitText, dismissLimit: () => setLimitText(null) };
}
