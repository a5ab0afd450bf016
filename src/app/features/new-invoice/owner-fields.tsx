import type { InvoiceTemplate } from '../../../shared/enums';
import type { FormErrors } from './invoice-form-checks';
import type { OwnerDraft, OwnerField } from './invoice-form-model';
import { PlainField } from './plain-field';
import styles from './new-invoice.module.css';

const LABELS: Record<OwnerField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  company: 'Company',
  address_line1: 'Address line 1',
  address_line2: 'Address line 2',
  city: 'City',
  postal_code: 'Postal code',
  country: 'Country',
  bank_name: 'Bank name',
  bank_account: 'Bank account',
  iban: 'IBAN',
  clearing_number: 'Clearing number',
  swift: 'SWIFT',
  tax_number: 'VAT number',
};

const PERSON: readonly OwnerField[] = ['first_name', 'last_name', 'email', 'company', 'address_line1', 'address_line2', 'city', 'postal_code', 'country', 'tax_number'];
const BANK: readonly OwnerField[] = ['bank_name', 'bank_account', 'iban', 'clearing_number', 'swift'];

/** Which owner fields an issued invoice needs (docs/invoices.md). */
function isRequired(field: OwnerField, template: InvoiceTemplate): boolean {
  if (['email', 'address_line1', 'city', 'postal_code', 'country'].includes(field)) return true;
  if (field === 'first_name' || field === 'last_name') return template === 'DEFAULT';
  return template !== 'DEFAULT' && (field === 'bank_account' || field === 'iban');
}

interface OwnerFieldsProps {
  owner: OwnerDraft;
  template: InvoiceTemplate;
  onChange: (owner: OwnerDraft) => void;
  errors: FormErrors;
  disabled?: boolean;
}

/** From (docs/invoices.md): the sender's details, prefilled from the profile; bank details for the letter templates. */
export function OwnerFields({ owner, template, onChange, errors, disabled }: OwnerFieldsProps) {
  const fields = template === 'DEFAULT' ? PERSON : [...PERSON, ...BANK];
  return (
    <fieldset className={styles.section} disabled={disabled}>
      <legend className={styles.legend}>From</legend>
      <div className={styles.grid}>
        {fields.map((field) => (
          <PlainField
            key={field}
            label={LABELS[field]}
            type={field === 'email' ? 'email' : 'text'}
            value={owner[field]}
            onChange={(value) => onChange({ ...owner, [field]: value })}
            required={isRequired(field, template)}
            errors={errors[`owner.${field}`]}
          />
        ))}
      </div>
    </fieldset>
  );
}
