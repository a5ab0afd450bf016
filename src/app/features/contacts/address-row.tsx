import type { ReadonlySignal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import type { FieldElement } from '@modular-forms/react';
import { useId, type ChangeEventHandler, type FocusEventHandler, type RefCallback } from 'react';
import { NETWORK_LABELS, NETWORKS } from '../../../shared/enums';
import { useAddressCheck } from './address-check';
import { isNetwork } from './contact-form-model';
import styles from './contacts.module.css';

interface FieldState {
  value: ReadonlySignal<string | undefined>;
  error: ReadonlySignal<string>;
}

interface ElementProps {
  name: string;
  ref: RefCallback<FieldElement>;
  onChange: ChangeEventHandler<FieldElement>;
  onBlur: FocusEventHandler<FieldElement>;
}

interface AddressRowProps {
  index: number;
  network: FieldState;
  networkProps: ElementProps;
  address: FieldState;
  addressProps: ElementProps;
  /** Absent for the only row. */
  onRemove?: () => void;
}

/**
 * One wallet address of a contact: network and address, checked live with validate-address; the first server
 * error (or the form's own) shows under the row.
 */
export function AddressRow({ index, network, networkProps, address, addressProps, onRemove }: AddressRowProps) {
  useSignals();
  const id = useId();
  const networkValue = network.value.value ?? '';
  const addressValue = address.value.value ?? '';
  const check = useAddressCheck(isNetwork(networkValue) ? networkValue : null, addressValue);
  const formError = address.error.value || network.error.value;
  const message = formError || (check.status === 'invalid' ? check.message : '');
  const number = String(index + 1);

  return (
    <div className={styles.addressRow}>
      <div className={styles.addressInputs}>
        <div className={`field ${styles.networkField}`}>
          <label htmlFor={`${id}-network`}>Network {number}</label>
          <select {...networkProps} id={`${id}-network`} value={networkValue}>
            {NETWORKS.map((value) => (
              <option key={value} value={value}>
                {NETWORK_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className={`field ${styles.addressField}`}>
          <label htmlFor={`${id}-address`}>
            Address {number}
            <span className="muted" aria-hidden="true">
              {' '}
              (optional)
            </span>
          </label>
          <input
            {...addressProps}
            id={`${id}-address`}
            value={addressValue}
            autoComplete="off"
            spellCheck={false}
            className={styles.mono}
            aria-invalid={message ? true : undefined}
            aria-describedby={`${id}-status`}
          />
        </div>
        {onRemove ? (
          <button
            type="button"
            className={`btn btn-ghost ${styles.removeRow}`}
            aria-label={`Remove address ${number}`}
            onClick={onRemove}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
      </div>
      <p id={`${id}-status`} className={message ? 'field-error' : styles.checkNote} role={message ? 'alert' : undefined}>
        {message ||
          (check.status === 'checking'
            ? 'Checking address…'
            : check.status === 'valid'
              ? 'Valid address'
              : check.status === 'offline'
                ? 'The address is checked when you are back online.'
                : '')}
      </p>
    </div>
  );
}
