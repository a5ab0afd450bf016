import { useId } from 'react';
import { INVOICE_TEMPLATES, type InvoiceTemplate } from '../../../shared/enums';
import type { FormErrors } from './invoice-form-checks';
import type { InvoiceFormValues } from './invoice-form-model';
import { PlainField } from './plain-field';
import styles from './new-invoice.module.css';

const TEMPLATE_LABELS: Record<InvoiceTemplate, string> = { DEFAULT: 'Default', TAHOTM: 'TAHOTM', ADVISORY: 'Advisory' };

type LetterField = 'number' | 'project_name' | 'covering_period' | 'vendor';

interface TemplateFieldsProps {
  values: Pick<InvoiceFormValues, 'kind' | LetterField>;
  /** Only a user with a signed e-mail may choose another template than the default (docs/invoices.md). */
  canChoose: boolean;
  onChange: (change: Partial<Pick<InvoiceFormValues, 'kind' | LetterField>>) => void;
  errors: FormErrors;
}

/** Template choice and, for the letter templates, number, project name, covering period and vendor. */
export function TemplateFields({ values, canChoose, onChange, errors }: TemplateFieldsProps) {
  const id = useId();
  const templates = canChoose ? INVOICE_TEMPLATES : (['DEFAULT'] as const);
  return (
    <>
      <div className="field">
        <label htmlFor={id}>Template</label>
        <select
          id={id}
          value={values.kind}
          disabled={!canChoose}
          aria-describedby={canChoose ? undefined : `${id}-hint`}
          onChange={(event) => onChange({ kind: event.target.value as InvoiceTemplate })}
        >
          {templates.map((template) => (
            <option key={template} value={template}>
              {TEMPLATE_LABELS[template]}
            </option>
          ))}
        </select>
        {canChoose ? null : (
          <p id={`${id}-hint`} className={`muted ${styles.hint}`}>
            Other templates need a signed-in e-mail.
          </p>
        )}
      </div>
      {values.kind === 'DEFAULT' ? null : (
        <div className={styles.grid}>
          <PlainField label="Invoice number" value={values.number} onChange={(number) => onChange({ number })} required errors={errors.number} />
          <PlainField label="Project name" value={values.project_name} onChange={(project_name) => onChange({ project_name })} required errors={errors.project_name} />
          <PlainField
            label="Covering period"
            value={values.covering_period}
            onChange={(covering_period) => onChange({ covering_period })}
            required
            errors={errors.covering_period}
          />
          <PlainField label="Vendor" value={values.vendor} onChange={(vendor) => onChange({ vendor })} errors={errors.vendor} />
        </div>
      )}
    </>
  );
}
