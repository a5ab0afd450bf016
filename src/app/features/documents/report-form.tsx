import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import type { ExchangeAccount } from '../../../shared/contract/exchanges';
import type { WalletOut } from '../../../shared/contract/wallets';
import type { DocumentOut } from '../../../shared/contract/documents';
import { CREATABLE_REPORT_KINDS, DOCUMENT_KIND_LABELS, type CreatableReportKind } from '../../../shared/enums';
import { alreadyAnnounced, ApiError, nonFieldErrorText } from '../../lib/api-client';
import { useOnline } from '../../lib/online';
import { toast } from '../../lib/toast';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { needsNetworkText } from '../../lib/network-actions';
import { DATE_MESSAGES, resetToBound, type DateBounds } from '../../lib/date-range-rules';
import { AccountChoices } from './account-choices';
import { documentMutationKeys } from './document-keys';
import type { CreateReportVariables, UpdateReportVariables } from './documents-queries';
import { reportBody, reportPatchBody, type AccountsOwned, type ReportFormValues } from './report-body';
import { ReportDateFields, type RangeEnd } from './report-date-fields';
import {
  hasErrors,
  placeReportErrors,
  reportFormErrors,
  type ReportField,
  type ReportFormErrors,
} from './report-form-rules';
import styles from './documents.module.css';

export const QUICKBOOKS_NOT_AUTHENTICATED = 'You are not authenticated to Quickbooks!';
export const REPORT_CREATED = 'Report created';
export const REPORT_SAVED = 'Report saved';

interface ReportFormProps {
  /** The report being edited; null creates one. */
  document: DocumentOut | null;
  initial: ReportFormValues;
  wallets: readonly WalletOut[];
  exchanges: readonly ExchangeAccount[];
  bounds: DateBounds;
  /** Called with the saved report, or null when the form is left without saving. */
  onDone: (saved: DocumentOut | null) => void;
}

const isQuickbooksRefusal = (error: unknown): boolean =>
  error instanceof ApiError && (error.fieldErrors?.non_field_errors ?? []).includes(QUICKBOOKS_NOT_AUTHENTICATED);

/** The report form (docs/reports.md): create, or edit a report's name and range. */
export function ReportForm({ document, initial, wallets, exchanges, bounds, onDone }: ReportFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const online = useOnline();
  const editing = document !== null;
  const [values, setValues] = useState<ReportFormValues>(initial);
  const [unreadable, setUnreadable] = useState<Record<RangeEnd, boolean>>({ start_date: false, end_date: false });
  const [touched, setTouched] = useState<ReadonlySet<ReportField>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<ReportFormErrors>({});
  const [general, setGeneral] = useState('');
  // One key per form: a retry or a replay after a lost answer never makes a second report.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const create = useMutation<DocumentOut, Error, CreateReportVariables>({ mutationKey: documentMutationKeys.createReport });
  const update = useMutation<DocumentOut, Error, UpdateReportVariables>({ mutationKey: documentMutationKeys.updateReport });
  const pending = create.isPending || update.isPending;
  const paused = create.isPaused || update.isPaused;

  const owned: AccountsOwned = { walletIds: wallets.map((w) => w.id), cexIds: exchanges.map((e) => e.id) };
  const errors: ReportFormErrors = { ...reportFormErrors(values, bounds) };
  if (unreadable.start_date) errors.start_date = DATE_MESSAGES.format;
  if (unreadable.end_date) errors.end_date = DATE_MESSAGES.format;
  const shown = (field: ReportField): string | undefined =>
    serverErrors[field] ?? (touched.has(field) ? errors[field] : undefined);
  const blocked = hasErrors(errors);

  function change(field: ReportField, next: Partial<ReportFormValues>) {
    setValues((old) => ({ ...old, ...next }));
    setTouched((old) => new Set(old).add(field));
    setServerErrors((old) => {
      const { [field]: _gone, ...rest } = old;
      return rest;
    });
  }

  function changeDate(which: RangeEnd, value: string, isUnreadable: boolean) {
    change(which, { [which]: value });
    setUnreadable((old) => ({ ...old, [which]: isUnreadable }));
    // The other end's order message depends on this one.
    setServerErrors((old) => {
      const { start_date: _start, end_date: _end, ...rest } = old;
      return rest;
    });
  }

  function blurDate(which: RangeEnd) {
    setTouched((old) => new Set(old).add(which));
    const bound = which === 'start_date' ? 'start' : 'end';
    const value = unreadable[which] ? (bound === 'start' ? bounds.min : bounds.max) : resetToBound(values[which], bounds, bound);
    setUnreadable((old) => ({ ...old, [which]: false }));
    if (value !== values[which]) setValues((old) => ({ ...old, [which]: value }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(new Set<ReportField>(['name', 'kind', 'start_date', 'end_date']));
    if (blocked || !online || pending) return;
    setGeneral('');
    try {
      const saved = document
        ? await update.mutateAsync({ id: document.id, body: reportPatchBody(values) })
        : await create.mutateAsync({ body: reportBody(values, owned), idempotencyKey });
      toast(document ? REPORT_SAVED : REPORT_CREATED, 'success');
      onDone(saved);
    } catch (error) {
      if (isQuickbooksRefusal(error)) {
        // docs/documents.md: the accounting-integration report needs a connection, made in the settings.
        toast(QUICKBOOKS_NOT_AUTHENTICATED, 'error');
        onDone(null);
        void navigate({ to: '/settings', search: { section: 'integrations' } });
        return;
      }
      if (error instanceof ApiError && error.status === 400) {
        const placed = placeReportErrors(error.fieldErrors);
        setServerErrors(placed.fields);
        setGeneral(placed.general);
      } else if (!alreadyAnnounced(error)) {
        setGeneral(nonFieldErrorText(error, ' '));
      }
    }
  }

  const nameError = shown('name');
  const kindError = shown('kind');
  const submitHintId = `${id}-submit-hint`;
  const submitHint = !online
    ? needsNetworkText(editing ? 'Saving a report' : 'Creating a report')
    : blocked
      ? 'Fill in the name, type and a valid report range to continue.'
      : '';

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={editing ? 'Edit report' : 'Create new report'}>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          type="text"
          value={values.name}
          autoComplete="off"
          aria-required="true"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          onChange={(event) => change('name', { name: event.target.value })}
          onBlur={() => setTouched((old) => new Set(old).add('name'))}
        />
        {nameError ? (
          <p id={`${id}-name-error`} className="field-error" role="alert">
            {nameError}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-kind`}>Type</label>
        <select
          id={`${id}-kind`}
          value={values.kind}
          disabled={editing}
          aria-required="true"
          aria-invalid={kindError ? true : undefined}
          aria-describedby={kindError ? `${id}-kind-error` : undefined}
          onChange={(event) => change('kind', { kind: event.target.value as CreatableReportKind | '' })}
          onBlur={() => setTouched((old) => new Set(old).add('kind'))}
        >
          <option value="">Select a report type</option>
          {CREATABLE_REPORT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {DOCUMENT_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
        {kindError ? (
          <p id={`${id}-kind-error`} className="field-error" role="alert">
            {kindError}
          </p>
        ) : null}
      </div>
      <AccountChoices
        wallets={wallets}
        exchanges={exchanges}
        selection={values.selection}
        onChange={(selection) => change('accounts', { selection })}
        disabled={editing}
        error={serverErrors.accounts}
      />
      <ReportDateFields
        start={values.start_date}
        end={values.end_date}
        bounds={bounds}
        errors={{ start_date: shown('start_date'), end_date: shown('end_date') }}
        onChange={changeDate}
        onBlur={blurDate}
      />
      {general ? (
        <p className="field-error" role="alert">
          {general}
        </p>
      ) : null}
      {paused ? (
        <p className={styles.hint} role="status">
          Waiting for the connection: the report is sent once it returns.
        </p>
      ) : null}
      {submitHint ? (
        <p id={submitHintId} className={styles.hint}>
          {submitHint}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <button type="button" className="btn" onClick={() => onDone(null)}>
          Cancel
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={blocked || !online || pending}
          aria-busy={pending || undefined}
          aria-describedby={submitHint ? submitHintId : undefined}
        >
          {pending ? 'Saving…' : editing ? 'Save' : 'Create Report'}
        </button>
      </div>
    </form>
  );
}
