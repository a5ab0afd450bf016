import { useForm, valiForm, type SubmitHandler } from '@modular-forms/react';
import { useMutation } from '@tanstack/react-query';
import { useSignals } from '@preact/signals-react/runtime';
import * as v from 'valibot';
import type { WalletOut } from '../../../shared/contract/wallets';
import { NETWORK_LABELS, NETWORKS } from '../../../shared/enums';
import { isOnline } from '../../lib/online';
import { toast } from '../../lib/toast';
import { TextField } from '../../components/text-field';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { noteIfQueued, requireOnline } from '../../lib/network-actions';
import { applyServerErrors } from './form-errors';
import { SelectField } from './select-field';
import { editWalletSchema } from '../../../shared/schemas/wallet';
import { createWalletSchema } from '../../../shared/schemas/wallet-create';
import {
  walletMutationKeys,
  type CreateWalletVariables,
  type RenameWalletVariables,
} from './wallet-mutations';
import styles from './wallets.module.css';

type WalletValues = { name: string; address: string; network: string };

export const NETWORK_OPTIONS = NETWORKS.map((network) => ({ value: network, label: NETWORK_LABELS[network] }));

function FormFooter({ submitting, label, onCancel }: { submitting: boolean; label: string; onCancel: () => void }) {
  return (
    <div className={styles.formActions}>
      <button type="button" className="btn" onClick={onCancel} disabled={submitting}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={submitting} aria-busy={submitting || undefined}>
        {label}
      </button>
    </div>
  );
}

function ResponseText({ status, message }: { status?: string; message?: string }) {
  if (status !== 'error' || !message) return null;
  return (
    <p className="field-error" role="alert">
      {message}
    </p>
  );
}

/** The wallet form for a new wallet: name, address and network. */
export function NewWalletForm({ onDone }: { onDone: () => void }) {
  useSignals();
  const create = useMutation<WalletOut, Error, CreateWalletVariables>({ mutationKey: walletMutationKeys.create });
  const [form, { Form, Field }] = useForm<WalletValues>({
    initialValues: { name: '', address: '', network: '' },
    validate: valiForm(createWalletSchema),
    revalidateOn: 'change',
  });

  const submit: SubmitHandler<WalletValues> = async (values) => {
    if (!requireOnline('Adding a wallet')) return;
    const input = v.parse(createWalletSchema, values);
    try {
      await create.mutateAsync({ input, idempotencyKey: newIdempotencyKey() });
      toast('Wallet added. Its transactions are loading.', 'success');
      onDone();
    } catch (error) {
      applyServerErrors(form, error, ['name', 'address', 'network']);
    }
  };

  const submitting = form.submitting.value;
  const response = form.response.value;
  return (
    <Form onSubmit={submit} className={styles.form} aria-label="Wallet details" noValidate>
      <Field name="name">
        {(field, props) => (
          <TextField label="Wallet name" value={field.value} error={field.error} input={props} required autoComplete="off" />
        )}
      </Field>
      <Field name="network">
        {(field, props) => (
          <SelectField
            label="Network"
            value={field.value}
            error={field.error}
            input={props}
            options={NETWORK_OPTIONS}
            placeholder="Select a network"
            required
          />
        )}
      </Field>
      <Field name="address">
        {(field, props) => (
          <TextField
            label="Public address"
            value={field.value}
            error={field.error}
            input={props}
            required
            autoComplete="off"
            spellCheck={false}
            placeholder="0x… or bc1…"
          />
        )}
      </Field>
      <ResponseText status={response.status} message={response.message} />
      <FormFooter submitting={submitting} label="Add Wallet" onCancel={onDone} />
    </Form>
  );
}

type RenameValues = { name: string };

/** The wallet form for an existing wallet: only the name changes; address and network are shown locked. */
export function EditWalletForm({ wallet, onDone }: { wallet: WalletOut; onDone: () => void }) {
  useSignals();
  const rename = useMutation<WalletOut, Error, RenameWalletVariables>({ mutationKey: walletMutationKeys.rename });
  const [form, { Form, Field }] = useForm<RenameValues>({
    initialValues: { name: wallet.name },
    validate: valiForm(editWalletSchema),
    revalidateOn: 'change',
  });

  const submit: SubmitHandler<RenameValues> = async (values) => {
    const { name } = v.parse(editWalletSchema, values);
    if (name === wallet.name) {
      onDone();
      return;
    }
    if (!isOnline()) {
      // Kept and sent on reconnect; the card shows the new name meanwhile.
      rename.mutate({ id: wallet.id, name });
      noteIfQueued();
      onDone();
      return;
    }
    try {
      await rename.mutateAsync({ id: wallet.id, name });
      toast('Wallet saved', 'success');
      onDone();
    } catch (error) {
      applyServerErrors(form, error, ['name']);
    }
  };

  const submitting = form.submitting.value;
  const response = form.response.value;
  return (
    <Form onSubmit={submit} className={styles.form} aria-label="Wallet details" noValidate>
      <Field name="name">
        {(field, props) => (
          <TextField label="Wallet name" value={field.value} error={field.error} input={props} required autoComplete="off" />
        )}
      </Field>
      <dl className={styles.locked}>
        <div>
          <dt>Network</dt>
          <dd>{NETWORK_LABELS[wallet.network]}</dd>
        </div>
        <div>
          <dt>Public address</dt>
          <dd className={styles.address}>{wallet.address}</dd>
        </div>
      </dl>
      <p className="muted">The address and network of a wallet cannot be changed.</p>
      <ResponseText status={response.status} message={response.message} />
      <FormFooter submitting={submitting} label="Save" onCancel={onDone} />
    </Form>
  );
}
