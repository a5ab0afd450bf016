import { useForm, valiForm, type SubmitHandler } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import type { ExchangeAccount } from '../../../shared/contract/exchanges';
import { EXCHANGES } from '../../../shared/enums';
import { toast } from '../../lib/toast';
import { TextField } from '../../components/text-field';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { requireOnline } from '../../lib/network-actions';
import { createExchangeSchema } from '../../../shared/schemas/exchange';
import { applyServerErrors } from './form-errors';
import { EXCHANGE_LABELS } from '../../components/network-icon';
import { SelectField } from './select-field';
import { walletMutationKeys, type CreateExchangeVariables } from './wallet-mutations';
import styles from './wallets.module.css';

type ExchangeValues = { exchange: string; api_key: string; secret_key: string };

const EXCHANGE_OPTIONS = EXCHANGES.map((exchange) => ({ value: exchange, label: EXCHANGE_LABELS[exchange] }));

/** The exchange (cex) form: Binance with a read-only API key and its secret (docs/wallets.md). */
export function ExchangeForm({ onDone }: { onDone: () => void }) {
  useSignals();
  const create = useMutation<ExchangeAccount, Error, CreateExchangeVariables>({
    mutationKey: walletMutationKeys.createExchange,
  });
  const [form, { Form, Field }] = useForm<ExchangeValues>({
    initialValues: { exchange: 'BINANCE', api_key: '', secret_key: '' },
    validate: valiForm(createExchangeSchema),
    revalidateOn: 'change',
  });

  const submit: SubmitHandler<ExchangeValues> = async (values) => {
    if (!requireOnline('Connecting an exchange')) return;
    const input = v.parse(createExchangeSchema, values);
    try {
      await create.mutateAsync({ input, idempotencyKey: newIdempotencyKey() });
      toast('Exchange connected. Its balances are loading.', 'success');
      onDone();
    } catch (error) {
      applyServerErrors(form, error, ['exchange', 'api_key', 'secret_key']);
    }
  };

  const submitting = form.submitting.value;
  const response = form.response.value;
  return (
    <Form onSubmit={submit} className={styles.form} aria-label="Exchange account" noValidate>
      <Field name="exchange">
        {(field, props) => (
          <SelectField label="Exchange" value={field.value} error={field.error} input={props} options={EXCHANGE_OPTIONS} required />
        )}
      </Field>
      <p className="muted">
        Create a read-only API key in your exchange account. Keys that can trade or withdraw are refused; the secret
        is stored encrypted and never shown again.
      </p>
      <Field name="api_key">
        {(field, props) => (
          <TextField label="API key" value={field.value} error={field.error} input={props} required autoComplete="off" spellCheck={false} />
        )}
      </Field>
      <Field name="secret_key">
        {(field, props) => (
          <TextField
            label="Secret key"
            type="password"
            value={field.value}
            error={field.error}
            input={props}
            required
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
      {response.status === 'error' && response.message ? (
        <p className="field-error" role="alert">
          {response.message}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <button type="button" className="btn" onClick={onDone} disabled={submitting}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={submitting} aria-busy={submitting || undefined}>
          Connect Exchange
        </button>
      </div>
    </Form>
  );
}
