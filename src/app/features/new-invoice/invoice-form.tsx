import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import type { User } from '../../../shared/api-types';
import { Big } from '../../../shared/money';
import { contactsQuery } from '../contacts';
import { invoicePdfUrl } from '../invoices';
import { UpgradeDialog } from '../../components/upgrade-dialog';
import { useOnline } from '../../lib/online';
import { toast } from '../../lib/toast';
import { walletsListQuery } from '../../lib/wallet-queries';
import { AttachmentsField } from './attachments-field';
import { ContactPicker } from './contact-picker';
import { cryptoAmount, formTotals, type FormErrors } from './invoice-form-checks';
import { withFtc, withIssuedAt, type InvoiceFormValues, type SubmitAction } from './invoice-form-model';
import { CryptoAmount } from './crypto-amount';
import { LineItemsEditor } from './line-items-editor';
import { paymentTokensQuery, tokenQuoteQuery } from './new-invoice-queries';
import { OwnerFields } from './owner-fields';
import { PaymentFields } from './payment-fields';
import { PlainField } from './plain-field';
import { TemplateFields } from './template-fields';
import { useSaveInvoice } from './use-save-invoice';
import styles from './new-invoice.module.css';

export const INVOICE_SENT = 'Invoice sent';
export const DRAFT_SAVED = 'Draft saved';
export const PDF_DOWNLOADING = 'Invoice issued. Its PDF is downloading.';
const CHECK_FIELDS = 'Check the fields marked below.';

/** Downloads GET invoices/{id}/pdf?download=true as the browser's download. */
function downloadPdf(invoiceId: string): void {
  const link = document.createElement('a');
  link.href = invoicePdfUrl(invoiceId, true);
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

interface InvoiceFormProps {
  user: User;
  initial: InvoiceFormValues;
  /** The draft being edited (saved with PATCH); undefined creates an invoice. */
  invoiceId?: string;
  /** After a download-only save: the page starts a fresh form. */
  onFresh: () => void;
}

/** The invoice form (docs/invoices.md): SAVE DRAFT, Download PDF and SEND. */
export function InvoiceForm({ user, initial, invoiceId, onFresh }: InvoiceFormProps) {
  const navigate = useNavigate();
  const online = useOnline();
  const save = useSaveInvoice(invoiceId);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState<SubmitAction | null>(null);
  const [limitText, setLimitText] = useState<string | null>(null);
  const generalRef = useRef<HTMLDivElement>(null);

  const change = useCallback((patch: Partial<InvoiceFormValues>) => setValues((old) => ({ ...old, ...patch })), []);

  const contacts = useQuery(contactsQuery()).data ?? [];
  const contact = contacts.find((item) => item.id === values.contact) ?? null;
  const network = (useQuery(walletsListQuery()).data ?? []).find((wallet) => wallet.id === values.wallet)?.network ?? null;
  const tokens = useQuery(paymentTokensQuery(network)).data ?? [];
  const usdtToken = tokens.find((token) => token.symbol.toUpperCase() === 'USDT')?.id ?? 'USDT';
  const chosenToken = tokens.find((token) => token.symbol.toUpperCase() === values.token) ?? null;
  const quoteSymbol = chosenToken?.symbol ?? 'USDT';

  const totals = formTotals(values);
  const hasTotal = new Big(totals.total_amount).gt(0);
  const quote = useQuery(tokenQuoteQuery(chosenToken?.id ?? usdtToken, values.fiat_currency, hasTotal && online));
  const amount = hasTotal ? cryptoAmount(totals.total_amount, quote.data?.quote_rate) : null;

  const submit = async (action: SubmitAction) => {
    if (busy !== null) return;
    setBusy(action);
    try {
      const outcome = await save({ values, action, contact, usdtToken });
      if (outcome.kind === 'offline') return;
      if (outcome.kind === 'limit') {
        setLimitText(outcome.message);
        return;
      }
      if (outcome.kind === 'invalid') {
        setErrors(outcome.fields);
        const texts = outcome.general.length > 0 ? outcome.general : [CHECK_FIELDS];
        setGeneral(texts);
        if (outcome.general.length > 0) toast(outcome.general.join(' '), 'error');
        requestAnimationFrame(() => generalRef.current?.scrollIntoView({ block: 'center' }));
        return;
      }
      const { invoice } = outcome;
      setErrors({});
      setGeneral([]);
      if (invoice.state === 'DUE') downloadPdf(invoice.id);
      if (action === 'download') {
        toast(PDF_DOWNLOADING, 'success');
        onFresh();
        return;
      }
      toast(action === 'draft' ? DRAFT_SAVED : INVOICE_SENT, 'success');
      await navigate({ to: '/documents' });
    } finally {
      setBusy(null);
    }
  };

  const needsNetwork = online ? undefined : 'needs-network';
  return (
    <form
      className={styles.form}
      aria-label={invoiceId ? 'Edit invoice' : 'New invoice'}
      noValidate
      // Enter in a field sends nothing: each button says what it does.
      onSubmit={(event) => event.preventDefault()}
    >
      <fieldset className={styles.section}>
        <legend className={styles.legend}>Invoice</legend>
        <PlainField label="Invoice name" value={values.name} onChange={(name) => change({ name })} required errors={errors.name} />
        <TemplateFields values={values} canChoose={Boolean(user.signed_email)} onChange={change} errors={errors} />
      </fieldset>

      <ContactPicker value={values.contact} onChange={(id) => change({ contact: id })} errors={errors.contact} />

      <OwnerFields owner={values.owner} template={values.kind} onChange={(owner) => change({ owner })} errors={errors} />

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Payment</legend>
        <PaymentFields
          values={values}
          canUseFtc={user.kyc === 'FULL_USER'}
          onFtcChange={(isFtc) => setValues((old) => withFtc(old, isFtc))}
          onChange={change}
          errors={errors}
        />
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Items</legend>
        <LineItemsEditor
          items={values.items}
          onChange={(items) => change({ items })}
          errors={errors}
          currency={values.fiat_currency}
          isFtc={values.is_ftc}
          disabled={busy !== null}
        />
        <CryptoAmount amount={amount} symbol={quoteSymbol} />
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Details</legend>
        <PlainField label="Message" value={values.message} onChange={(message) => change({ message })} multiline errors={errors.message} />
        <AttachmentsField
          value={values.attachments}
          onChange={(attachments) => change({ attachments })}
          error={errors.attachments?.[0] ?? null}
          disabled={busy !== null}
        />
        <div className={styles.grid}>
          <PlainField
            label="Issued date"
            type="date"
            value={values.issued_at}
            onChange={(day) => setValues((old) => withIssuedAt(old, day))}
            required
            errors={errors.issued_at}
          />
          <PlainField
            label="Due date"
            type="date"
            value={values.expires_at}
            onChange={(expires_at) => change({ expires_at })}
            min={values.issued_at || undefined}
            disabled={values.issued_at === ''}
            required
            errors={errors.expires_at}
          />
        </div>
      </fieldset>

      <div ref={generalRef} role="alert" className={general.length > 0 ? styles.general : undefined}>
        {general.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>

      {online ? null : (
        <p id="needs-network" className="muted">
          You are offline. Saving or sending the invoice needs a connection.
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className="btn" disabled={busy !== null} aria-describedby={needsNetwork} onClick={() => void submit('draft')}>
          {busy === 'draft' ? 'Saving…' : 'SAVE DRAFT'}
        </button>
        <button type="button" className="btn" disabled={busy !== null} aria-describedby={needsNetwork} onClick={() => void submit('download')}>
          {busy === 'download' ? 'Preparing…' : 'Download PDF'}
        </button>
        <button type="button" className="btn btn-primary" disabled={busy !== null} aria-describedby={needsNetwork} onClick={() => void submit('send')}>
          {busy === 'send' ? 'Sending…' : 'SEND'}
        </button>
      </div>
      <UpgradeDialog open={limitText !== null} onClose={() => setLimitText(null)} message={limitText ?? ''} />
    </form>
  );
}
