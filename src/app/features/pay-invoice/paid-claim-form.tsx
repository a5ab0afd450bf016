import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import type { PaymentClaimMethod } from '../../../shared/enums';
import { ApiError, nonFieldErrorText } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { claimPayment } from './payment-calls';

export const CLAIM_THANKS = 'Thank you. The invoice owner has been told that you paid.';

interface PaidClaimFormProps {
  invoiceId: string;
  method: Exclude<PaymentClaimMethod, 'WALLET'>;
}

/**
 * 'I Paid the Invoice' after a manual transfer or a bank transfer: the transaction hash (optional, transfers only)
 * and an e-mail to hear back (optional) are sent as the payer's claim; then the page goes to /auth. The claim alone
 * never marks the invoice paid.
 */
export function PaidClaimForm({ invoiceId, method }: PaidClaimFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const [hash, setHash] = useState('');
  const [email, setEmail] = useState('');
  const claim = useMutation({
    mutationFn: () => claimPayment(invoiceId, { method, tx_hash: hash.trim() || null, email: email.trim() || null }),
    onSuccess: () => {
      toast(CLAIM_THANKS, 'success');
      void navigate({ to: '/auth' });
    },
  });
  const errors = claim.error instanceof ApiError ? claim.error.fieldErrors : null;
  const generalError = claim.isError && !errors?.tx_hash && !errors?.email ? nonFieldErrorText(claim.error, ' ') : '';

  function submit(event: FormEvent): void {
    event.preventDefault();
    claim.mutate();
  }

  const field = (name: 'tx_hash' | 'email', label: string, value: string, set: (value: string) => void, type = 'text') => {
    const message = errors?.[name]?.[0];
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>
          {label} <span className="muted">(optional)</span>
        </label>
        <input
          id={`${id}-${name}`}
          type={type}
          value={value}
          onChange={(event) => set(event.target.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-${name}-error` : undefined}
          autoComplete={name === 'email' ? 'email' : 'off'}
          spellCheck={false}
        />
        {message ? (
          <p id={`${id}-${name}-error`} className="field-error" role="alert">
            {message}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="I Paid the Invoice">
      {method === 'TRANSFER' ? field('tx_hash', 'Transaction hash', hash, setHash) : null}
      {field('email', 'Your e-mail, to hear when the payment is confirmed', email, setEmail, 'email')}
      {generalError ? (
        <p className="field-error" role="alert">
          {generalError}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={claim.isPending} aria-busy={claim.isPending || undefined}>
        I Paid the Invoice
      </button>
    </form>
  );
}
