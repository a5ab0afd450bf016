import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { InvoiceOut } from '../../../shared/contract/invoices';
import { INVOICE_MESSAGES } from '../../../shared/invoice-rules';
import { MESSAGES } from '../../../shared/messages';
import { ApiError, NetworkError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { documentKeys } from '../documents';
import { invoiceKeys } from '../invoices';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { requireOnline } from '../../lib/network-actions';
import { formErrors, formTotals, minimumAmountText, preSendText, type FormErrors } from './invoice-form-checks';
import { ACTION_STATE, editBody, invoiceBody, type InvoiceFormValues, type SubmitAction } from './invoice-form-model';
import { saveInvoice, tokenQuoteQuery } from './new-invoice-queries';
import { placeServerErrors } from './server-errors';

export type SaveOutcome =
  | { kind: 'offline' }
  | { kind: 'invalid'; fields: FormErrors; general: string[] }
  | { kind: 'limit'; message: string }
  | { kind: 'saved'; invoice: InvoiceOut };

export interface SaveRequest {
  values: InvoiceFormValues;
  action: SubmitAction;
  /** The chosen contact's data, null when none is chosen (pre-send checks). */
  contact: { address_line1: string; postal_code: string; city: string; country: string } | null;
  /** The USDT to quote the 10 USDT minimum with: a token id of the wallet's network, or 'USDT'. */
  usdtToken: string;
}

function failureText(error: unknown): string {
  if (error instanceof NetworkError) return MESSAGES.networkProblem;
  if (error instanceof ApiError) return error.detail ?? error.message;
  return MESSAGES.serverError;
}

/**
 * Saving the form (docs/invoices.md): the form's own checks, for an issued invoice the pre-send checks and
 * the 10 USDT minimum (via the USDT quote), then POST invoices (one Idempotency-Key per submit) or, for a draft
 * being edited, PATCH invoices/{id}. Failures come back as field and general messages, a 403 as the plan limit.
 */
export function useSaveInvoice(invoiceId: string | undefined) {
  const client = useQueryClient();
  return useCallback(
    async ({ values, action, contact, usdtToken }: SaveRequest): Promise<SaveOutcome> => {
      if (!requireOnline(invoiceId ? 'Saving the invoice' : 'Creating an invoice')) return { kind: 'offline' };
      const fields = formErrors(values, action);
      const general: string[] = [];
      const issued = ACTION_STATE[action] === 'DUE';
      if (issued) {
        const problems = preSendText(values, contact);
        if (problems !== null) general.push(problems);
      }
      if (general.length > 0 || Object.keys(fields).length > 0) return { kind: 'invalid', fields, general };

      const body = invoiceId ? editBody(values, action) : invoiceBody(values, action);
      if (issued) {
        try {
          const quote = await client.fetchQuery({ ...tokenQuoteQuery(usdtToken, body.fiat_currency), staleTime: 0 });
          const minimum = minimumAmountText(formTotals(values).total_amount, quote.quote_rate);
          if (minimum !== null) return { kind: 'invalid', fields: {}, general: [minimum] };
        } catch (error) {
          const text = error instanceof NetworkError ? MESSAGES.networkProblem : INVOICE_MESSAGES.pricesUnavailable;
          return { kind: 'invalid', fields: {}, general: [text] };
        }
      }

      try {
        const invoice = await saveInvoice({ invoiceId, body, idempotencyKey: newIdempotencyKey() });
        await Promise.all([
          client.invalidateQueries({ queryKey: documentKeys.all }),
          client.invalidateQueries({ queryKey: invoiceKeys.all }),
          client.invalidateQueries({ queryKey: queryKeys.invoicesLimit }),
        ]);
        return { kind: 'saved', invoice };
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          const placed = placeServerErrors(error.fieldErrors);
          return { kind: 'invalid', fields: placed.fields, general: placed.general };
        }
        if (error instanceof ApiError && error.status === 403) return { kind: 'limit', message: error.detail ?? MESSAGES.forbidden };
        return { kind: 'invalid', fields: {}, general: [failureText(error)] };
      }
    },
    [client, invoiceId],
  );
}
