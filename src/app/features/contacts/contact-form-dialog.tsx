import {
  insert,
  remove,
  reset,
  setError,
  setResponse,
  useForm,
  valiForm,
  type FieldPath,
  type SubmitHandler,
} from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ContactOut } from '../../../shared/data-types';
import { contactSchema } from '../../../shared/schemas/contact';
import { Dialog } from '../../components/dialog';
import { alreadyAnnounced, ApiError } from '../../lib/api-client';
import { useOnline } from '../../lib/online';
import { toast } from '../../lib/toast';
import { TextField } from '../../components/text-field';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { QUEUED_OFFLINE_TEXT } from '../../lib/network-actions';
import { AddressRow } from './address-row';
import {
  CONTACT_SAVED,
  contactErrorText,
  contactMutationKeys,
  type CreateContactVariables,
  type UpdateContactVariables,
} from './contact-queries';
import {
  CONTACT_TEXT_FIELDS,
  contactToForm,
  EMPTY_ADDRESS_ROW,
  emptyContactForm,
  placeServerErrors,
  prepareContact,
  type ContactFormValues,
  type ContactTextField,
} from './contact-form-model';
import { SignalScope } from './signal-scope';
import styles from './contacts.module.css';

const FIELD_INFO: Record<ContactTextField, { label: string; required: boolean; autoComplete: string; type?: string; wide?: boolean }> = {
  first_name: { label: 'First name', required: true, autoComplete: 'off' },
  last_name: { label: 'Last name', required: true, autoComplete: 'off' },
  company: { label: 'Company', required: false, autoComplete: 'off', wide: true },
  email: { label: 'Email', required: true, autoComplete: 'off', type: 'email', wide: true },
  address_line1: { label: 'Address line 1', required: true, autoComplete: 'off', wide: true },
  address_line2: { label: 'Address line 2', required: false, autoComplete: 'off', wide: true },
  city: { label: 'City', required: true, autoComplete: 'off' },
  postal_code: { label: 'Postal code', required: true, autoComplete: 'off' },
  country: { label: 'Country', required: true, autoComplete: 'off' },
  tax_number: { label: 'VAT number', required: false, autoComplete: 'off' },
};

interface ContactFormDialogProps {
  open: boolean;
  /** The contact being edited; null creates a new one. */
  contact: ContactOut | null;
  onClose: () => void;
  /** Told the saved contact once the server has answered (the invoice form picks a contact it adds). */
  onSaved?: (contact: ContactOut) => void;
}

/** 'Contact information' dialog (docs/contacts.md): add or edit a contact. */
export function ContactFormDialog({ open, contact, onClose, onSaved }: ContactFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Contact information">
      {open ? <ContactForm key={contact?.id ?? 'new'} contact={contact} onDone={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function ContactForm({
  contact,
  onDone,
  onSaved,
}: {
  contact: ContactOut | null;
  onDone: () => void;
  onSaved?: (contact: ContactOut) => void;
}) {
  useSignals();
  const formId = useId();
  const online = useOnline();
  const [addressesError, setAddressesError] = useState('');
  const [form, { Form, Field, FieldArray }] = useForm<ContactFormValues>({
    initialValues: contact ? contactToForm(contact) : emptyContactForm(),
    validate: valiForm(contactSchema),
    revalidateOn: 'change',
  });
  const create = useMutation<ContactOut, Error, CreateContactVariables>({ mutationKey: contactMutationKeys.create });
  const update = useMutation<ContactOut, Error, UpdateContactVariables>({ mutationKey: contactMutationKeys.update });

  const submit: SubmitHandler<ContactFormValues> = async (values) => {
    setAddressesError('');
    const { input, rowIndexes } = prepareContact(values);
    if (!online) {
      // Kept with the cache and sent once the connection returns.
      if (contact) update.mutate({ id: contact.id, contact: input, queuedOffline: true });
      else create.mutate({ contact: input, idempotencyKey: newIdempotencyKey(), queuedOffline: true });
      toast(QUEUED_OFFLINE_TEXT, 'info');
      onDone();
      return;
    }
    try {
      const saved = contact
        ? await update.mutateAsync({ id: contact.id, contact: input })
        : await create.mutateAsync({ contact: input, idempotencyKey: newIdempotencyKey() });
      onSaved?.(saved);
      toast(CONTACT_SAVED, 'success');
      reset(form);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const placed = placeServerErrors(error.fieldErrors, rowIndexes);
        let first = true;
        for (const [name, message] of Object.entries(placed.fields)) {
          // Names come from placeServerErrors: text fields and `addresses.<row>.<address|network>`.
          setError(form, name as FieldPath<ContactFormValues>, message, { shouldFocus: first });
          first = false;
        }
        setAddressesError(placed.addresses);
        if (placed.general) setResponse(form, { status: 'error', message: placed.general });
      } else if (!alreadyAnnounced(error)) {
        setResponse(form, { status: 'error', message: contactErrorText(error) });
      }
    }
  };

  const submitting = form.submitting.value;
  const response = form.response.value;

  return (
    <Form onSubmit={submit} className={styles.form} aria-label="Contact information" id={formId} noValidate>
      <div className={styles.formGrid}>
        {CONTACT_TEXT_FIELDS.map((name) => (
          <Field key={name} name={name}>
            {(field, props) => (
              <TextField
                label={FIELD_INFO[name].label}
                value={field.value}
                error={field.error}
                input={props}
                type={FIELD_INFO[name].type}
                required={FIELD_INFO[name].required}
                autoComplete={FIELD_INFO[name].autoComplete}
                className={FIELD_INFO[name].wide ? styles.wide : undefined}
              />
            )}
          </Field>
        ))}
      </div>
      <fieldset className={styles.addresses}>
        <legend>Wallet addresses</legend>
        <FieldArray name="addresses">
          {(array) => (
            <SignalScope>
              {() => (
                <>
                  {array.items.value.map((item, index) => (
                    <Field key={item} name={`addresses.${index}.network`}>
                      {(networkField, networkProps) => (
                        <Field name={`addresses.${index}.address`}>
                          {(addressField, addressProps) => (
                            <AddressRow
                              index={index}
                              network={networkField}
                              networkProps={networkProps}
                              address={addressField}
                              addressProps={addressProps}
                              onRemove={
                                array.items.value.length > 1
                                  ? () => remove(form, 'addresses', { at: index })
                                  : undefined
                              }
                            />
                          )}
                        </Field>
                      )}
                    </Field>
                  ))}
                  <button
                    type="button"
                    className={`btn btn-ghost ${styles.addRow}`}
                    onClick={() => insert(form, 'addresses', { value: { ...EMPTY_ADDRESS_ROW } })}
                  >
                    + Add address
                  </button>
                </>
              )}
            </SignalScope>
          )}
        </FieldArray>
        {addressesError ? (
          <p className="field-error" role="alert">
            {addressesError}
          </p>
        ) : null}
      </fieldset>
      {response.status === 'error' && response.message ? (
        <p className="field-error" role="alert">
          {response.message}
        </p>
      ) : null}
      {online ? null : <p className={styles.offlineNote}>{QUEUED_OFFLINE_TEXT}</p>}
      <div className={styles.formActions}>
        <button type="button" className="btn" onClick={onDone} disabled={submitting}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? 'Saving…' : 'Save contact'}
        </button>
      </div>
    </Form>
  );
}
