import { useMutation, useMutationState, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { LabelOut } from '../../../shared/contract/primitives';
import { LABEL_COLORS, type LabelColor } from '../../../shared/enums';
import { Dialog } from '../../components/dialog';
import { Tooltip } from '../../components/tooltip';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { useOnline } from '../../lib/online';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { QUEUED_OFFLINE_TEXT } from '../../lib/network-actions';
import { LABEL_SWATCHES } from './label-colors';
import { LabelChip, LabelChips } from './label-chip';
import { labelMutationKeys, labelsQuery, type CreateLabelVariables, type LabelTarget } from './label-queries';
import { labelFormErrors } from './label-rules';
import styles from './labels.module.css';

interface LabelPickerProps {
  /** What is labelled, read out by the button ('Add label for …', 'Edit labels for …') and shown in the dialog. */
  subject: string;
  /** The contact or transaction: a label created here joins its labels once the server has made it. */
  target: LabelTarget;
  selected: readonly LabelOut[];
  /** Called with the new set of labels after each pick or removal. */
  onChange: (labels: LabelOut[]) => void;
}

/**
 * Label picker (docs/contacts.md/Transactions, docs/labels.md "Label picker"): the chosen labels as chips and a button that
 * opens a dialog to pick or remove labels, or create one with a name and one of 7 colours.
 */
export function LabelPicker({ subject, target, selected, onChange }: LabelPickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.picker}>
      <LabelChips labels={selected} />
      <button
        type="button"
        className={`btn btn-ghost ${styles.editButton}`}
        aria-label={selected.length === 0 ? `Add label for ${subject}` : `Edit labels for ${subject}`}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9-9-9zM7.5 7.5h.01"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {selected.length === 0 ? <span>Add label</span> : null}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Labels">
        {open ? <LabelPickerPanel subject={subject} target={target} selected={selected} onChange={onChange} /> : null}
      </Dialog>
    </div>
  );
}

/** A pick not yet seen in `selected`: valid while `selected` is still the set it was made from. */
interface Draft {
  base: readonly LabelOut[];
  labels: LabelOut[];
}

function LabelPickerPanel({ subject, target, selected, onChange }: LabelPickerProps) {
  const labels = useQuery(labelsQuery());
  // A box shows its new state in the same frame as the click; the draft gives way as soon as the change reaches
  // `selected` (which the pages derive from the unanswered label changes, see label-changes.ts).
  const [draft, setDraft] = useState<Draft | null>(null);
  const current = draft !== null && draft.base === selected ? draft.labels : selected;
  const currentRef = useRef(current);
  const selectedRef = useRef(selected);
  useEffect(() => {
    currentRef.current = current;
    selectedRef.current = selected;
  }, [current, selected]);
  const selectedIds = new Set(current.map((label) => label.id));
  const pendingCreates = useMutationState({
    filters: { mutationKey: labelMutationKeys.create, status: 'pending' },
    select: (mutation) => mutation.state.variables as CreateLabelVariables | undefined,
  }).filter((variables): variables is CreateLabelVariables => variables !== undefined);

  function change(next: LabelOut[]) {
    currentRef.current = next;
    setDraft({ base: selectedRef.current, labels: next });
    onChange(next);
  }

  function toggle(label: LabelOut, checked: boolean) {
    const base = currentRef.current;
    if (base.some((item) => item.id === label.id) === checked) return;
    change(checked ? [...base, label] : base.filter((item) => item.id !== label.id));
  }

  return (
    <>
      <p className={styles.hint}>{subject}</p>
      {labels.isPending ? (
        <Spinner label="Loading labels" />
      ) : (
        <ul className={styles.list} aria-label="Available labels">
          {(labels.data ?? []).map((label) => (
            <li key={label.id}>
              <label className={styles.option}>
                <input
                  type="checkbox"
                  checked={selectedIds.has(label.id)}
                  onChange={(event) => toggle(label, event.target.checked)}
                />
                <LabelChip label={label} />
              </label>
            </li>
          ))}
          {pendingCreates.map((variables) => (
            <li key={variables.idempotencyKey} className={`${styles.option} ${styles.optionPending}`}>
              <LabelChip label={variables} pending />
              <span>waiting for the connection</span>
            </li>
          ))}
          {(labels.data ?? []).length === 0 && pendingCreates.length === 0 ? (
            <li className={styles.empty}>{labels.isError ? 'Labels could not be loaded.' : 'No labels yet.'}</li>
          ) : null}
        </ul>
      )}
      {/* The new label joins the subject's set as it is when the server answers (createLabelDefaults). */}
      <CreateLabelForm target={target} />
    </>
  );
}

function CreateLabelForm({ target }: { target: LabelTarget }) {
  const online = useOnline();
  const nameId = useId();
  const errorId = `${nameId}-error`;
  const [name, setName] = useState('');
  const [color, setColor] = useState<LabelColor>('BLUE');
  const [error, setError] = useState('');
  const mutation = useMutation<LabelOut, Error, CreateLabelVariables>({ mutationKey: labelMutationKeys.create });

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors = labelFormErrors({ name, color });
    if (errors.name) {
      setError(errors.name);
      return;
    }
    setError('');
    const variables: CreateLabelVariables = {
      name: name.trim(),
      color,
      attachTo: target,
      idempotencyKey: newIdempotencyKey(),
    };
    if (!online) {
      // Kept (persisted with the cache) and created once the connection returns.
      mutation.mutate(variables);
      setName('');
      setError(QUEUED_OFFLINE_TEXT);
      return;
    }
    mutation.mutate(variables, {
      // Cleared unless a new name was typed meanwhile (the label may join the set before this answer arrives).
      onSuccess: () => setName((current) => (current.trim() === variables.name ? '' : current)),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 400) {
          const messages = failure.fieldErrors;
          setError([...(messages?.name ?? []), ...(messages?.color ?? []), ...(messages?.non_field_errors ?? [])].join(' '));
        }
      },
    });
  }

  return (
    <form className={styles.createForm} onSubmit={submit} noValidate aria-label="Create label">
      <h3 className={styles.createTitle}>Create label</h3>
      <div className="field">
        <label htmlFor={nameId}>Label name</label>
        <input
          id={nameId}
          value={name}
          maxLength={64}
          aria-required
          aria-invalid={error && error !== QUEUED_OFFLINE_TEXT ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {error ? (
          <p id={errorId} className={error === QUEUED_OFFLINE_TEXT ? styles.hint : 'field-error'} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <fieldset className={styles.swatches}>
        <legend>Colour</legend>
        {LABEL_COLORS.map((value) => (
          <Tooltip key={value} text={LABEL_SWATCHES[value].name}>
            <label className={styles.swatch}>
              <input
                type="radio"
                name={`${nameId}-color`}
                value={value}
                checked={color === value}
                aria-label={LABEL_SWATCHES[value].name}
                onChange={() => setColor(value)}
              />
              <span className={styles.swatchDot} style={{ background: LABEL_SWATCHES[value].background }} />
            </label>
          </Tooltip>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={mutation.isPending && online}>
        {mutation.isPending && online ? 'Creating…' : 'Create label'}
      </button>
    </form>
  );
}
