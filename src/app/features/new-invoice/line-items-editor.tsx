/**
 * The line items of the new-invoice form (docs/invoices.md): one card per
 * item on phones, a compact grid from 769 px; live checks with the shared invoice rules once a field is left,
 * server errors ('items.0.quantity') on their field until it is edited, and exact totals in the invoice currency.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { FIAT_SYMBOLS, type FiatCurrency } from '../../../shared/enums';
import { invoiceMoneyText } from '../../../shared/invoice-display';
import {
  draftLineTotals,
  draftTotals,
  emptyItemDraft,
  itemDraftErrors,
  itemErrorKey,
  itemFieldError,
  itemListErrors,
  type InvoiceItemDraft,
  type ItemTextField,
} from './invoice-item-draft';
import styles from './line-items.module.css';

export interface LineItemsEditorProps {
  items: InvoiceItemDraft[];
  onChange(items: InvoiceItemDraft[]): void;
  /** Form errors by dotted path ('items.0.quantity', 'items'); other keys are ignored. */
  errors: Record<string, string[]>;
  currency: FiatCurrency;
  isFtc: boolean;
  disabled?: boolean;
}

const FIELD_INFO: Record<ItemTextField, { label: string; required: boolean; numeric: boolean; className: string }> = {
  name: { label: 'Name', required: true, numeric: false, className: styles.fieldName ?? '' },
  description: { label: 'Description', required: false, numeric: false, className: styles.fieldDescription ?? '' },
  quantity: { label: 'Quantity', required: true, numeric: true, className: styles.fieldQuantity ?? '' },
  unit_price: { label: 'Unit price', required: true, numeric: true, className: styles.fieldPrice ?? '' },
  discount: { label: 'Discount', required: true, numeric: true, className: styles.fieldDiscount ?? '' },
  tax: { label: 'Tax', required: true, numeric: true, className: styles.fieldTax ?? '' },
};

/** What the editor keeps per item: a stable key and the fields the user has left (touched). */
interface RowState {
  id: number;
  touched: Partial<Record<ItemTextField, true>>;
}

let nextRowId = 1;
const newRow = (): RowState => ({ id: nextRowId++, touched: {} });

/** Rows matched to the items' count (the page may replace the items, e.g. when an invoice loads). */
function reconcileRows(rows: RowState[], count: number): RowState[] {
  if (rows.length === count) return rows;
  if (rows.length > count) return rows.slice(0, count);
  return [...rows, ...Array.from({ length: count - rows.length }, newRow)];
}

/** Which of the current `errors` the user has edited away (or all of them after a removal shifted the items). */
interface ServerErrorState {
  source: Record<string, string[]> | null;
  edited: ReadonlySet<string>;
  stale: boolean;
}

export function LineItemsEditor({ items, onChange, errors, currency, isFtc, disabled = false }: LineItemsEditorProps) {
  const baseId = useId();
  const [rowState, setRowState] = useState<RowState[]>(() => items.map(newRow));
  const rows = reconcileRows(rowState, items.length);
  const [serverState, setServerState] = useState<ServerErrorState>({ source: null, edited: new Set(), stale: false });
  const current = serverState.source === errors ? serverState : { source: errors, edited: new Set<string>(), stale: false };
  const focusRow = useRef<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const markEdited = (key: string): void => {
    setServerState({ ...current, edited: new Set([...current.edited, key]) });
  };
  const touch = (index: number, field: ItemTextField): void => {
    const row = rows[index];
    if (!row || row.touched[field]) return;
    setRowState(rows.map((r, i) => (i === index ? { ...r, touched: { ...r.touched, [field]: true } } : r)));
  };
  const update = (index: number, patch: Partial<InvoiceItemDraft>): void => {
    onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  };
  const add = (): void => {
    const row = newRow();
    focusRow.current = row.id;
    setRowState([...rows, row]);
    onChange([...items, emptyItemDraft()]);
  };
  const remove = (index: number): void => {
    if (items.length <= 1) return;
    setRowState(rows.filter((_, i) => i !== index));
    // The server's paths name the old positions: they no longer fit the items after this one.
    setServerState({ ...current, stale: true });
    onChange(items.filter((_, i) => i !== index));
    addButton.current?.focus();
  };

  const serverErrors = current.stale ? {} : errors;
  const listErrors = itemListErrors(serverErrors, items.length);
  const totals = draftTotals(items, isFtc);
  const money = (value: string): string => invoiceMoneyText(value, currency);

  return (
    <div className={styles.editor}>
      <ol className={styles.list} aria-label="Line items">
        {items.map((item, index) => {
          const row = rows[index] ?? newRow();
          const number = index + 1;
          const rowId = `${baseId}-${String(row.id)}`;
          const liveErrors = itemDraftErrors(item);
          const errorOf = (field: ItemTextField): string | null => {
            if (row.touched[field] && liveErrors[field]) return liveErrors[field] ?? null;
            if (current.edited.has(itemErrorKey(index, field))) return null;
            return itemFieldError(serverErrors, index, field);
          };
          const field = (name: ItemTextField) => ({
            id: `${rowId}-${name}`,
            info: FIELD_INFO[name],
            number,
            value: item[name],
            error: errorOf(name),
            disabled,
            onChange: (value: string) => {
              update(index, { [name]: value });
              const key = itemErrorKey(index, name);
              if (itemFieldError(serverErrors, index, name) !== null && !current.edited.has(key)) {
                markEdited(key);
                touch(index, name);
              }
            },
            onBlur: () => touch(index, name),
          });
          const focusName = (element: HTMLInputElement | null): void => {
            if (element && focusRow.current === row.id) {
              focusRow.current = null;
              element.focus();
            }
          };
          return (
            <li key={row.id} className={styles.item} aria-labelledby={`${rowId}-title`}>
              <div className={styles.itemHeader}>
                <span id={`${rowId}-title`} className={styles.itemTitle}>
                  Item {number}
                </span>
                <button
                  type="button"
                  className={`btn btn-ghost ${styles.removeButton}`}
                  onClick={() => remove(index)}
                  disabled={disabled || items.length <= 1}
                  aria-label={`Remove item ${String(number)}`}
                >
                  Remove
                </button>
              </div>
              <div className={styles.fields}>
                <ItemField {...field('name')} inputRef={focusName} />
                <ItemField {...field('description')} />
                <ItemField {...field('quantity')} />
                <ItemField {...field('unit_price')} />
                <ItemField {...field('discount')}>
                  <KindToggle
                    what="Discount"
                    number={number}
                    isPercent={item.discount_is_percent}
                    symbol={FIAT_SYMBOLS[currency]}
                    disabled={disabled}
                    onChange={(isPercent) => update(index, { discount_is_percent: isPercent })}
                  />
                </ItemField>
                <ItemField {...field('tax')}>
                  <KindToggle
                    what="Tax"
                    number={number}
                    isPercent={item.tax_is_percent}
                    symbol={FIAT_SYMBOLS[currency]}
                    disabled={disabled}
                    onChange={(isPercent) => update(index, { tax_is_percent: isPercent })}
                  />
                </ItemField>
              </div>
              <div className={styles.lineTotal}>
                <span id={`${rowId}-total`}>
                  Total<span className="visually-hidden">{` of item ${String(number)}`}</span>
                </span>
                <output aria-labelledby={`${rowId}-total`}>{money(draftLineTotals(item).total)}</output>
              </div>
            </li>
          );
        })}
      </ol>
      {listErrors.length > 0 ? (
        <div className={styles.listErrors} role="alert">
          {listErrors.map((message, index) => (
            <p key={index} className="field-error">
              {message}
            </p>
          ))}
        </div>
      ) : null}
      <button ref={addButton} type="button" className={`btn ${styles.addButton}`} onClick={add} disabled={disabled}>
        Add item
      </button>
      <dl className={styles.totals} aria-label="Invoice totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{money(totals.total_base_amount)}</dd>
        </div>
        <div>
          <dt>Tax</dt>
          <dd>{money(totals.total_tax_amount)}</dd>
        </div>
        {isFtc ? (
          <div>
            <dt>Fiat-to-Crypto fee (1.5%)</dt>
            <dd>{money(totals.ftc_fee)}</dd>
          </div>
        ) : null}
        <div className={styles.grandTotal}>
          <dt>Total ({currency})</dt>
          <dd>{money(totals.total_amount)}</dd>
        </div>
      </dl>
    </div>
  );
}

interface ItemFieldProps {
  id: string;
  info: (typeof FIELD_INFO)[ItemTextField];
  number: number;
  value: string;
  error: string | null;
  disabled: boolean;
  onChange(value: string): void;
  onBlur(): void;
  inputRef?: (element: HTMLInputElement | null) => void;
  /** The percent/fixed switch of a discount or tax, next to the input. */
  children?: ReactNode;
}

/** A labelled input ('Quantity' reads 'Quantity of item 2') with its error under it. */
function ItemField({ id, info, number, value, error, disabled, onChange, onBlur, inputRef, children }: ItemFieldProps) {
  const errorId = `${id}-error`;
  const input = (
    <input
      ref={inputRef}
      id={id}
      type="text"
      inputMode={info.numeric ? 'decimal' : undefined}
      autoComplete="off"
      value={value}
      disabled={disabled}
      aria-required={info.required || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
  return (
    <div className={`field ${styles.field} ${info.className}`}>
      <label htmlFor={id}>
        {info.label}
        <span className="visually-hidden">{` of item ${String(number)}`}</span>
        {info.required ? null : (
          <span className="muted" aria-hidden="true">
            {' '}
            (optional)
          </span>
        )}
      </label>
      {children ? (
        <div className={styles.adjust}>
          {input}
          {children}
        </div>
      ) : (
        input
      )}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface KindToggleProps {
  what: 'Discount' | 'Tax';
  number: number;
  isPercent: boolean;
  symbol: string;
  disabled: boolean;
  onChange(isPercent: boolean): void;
}

/** Percent or fixed amount: two pressed-state buttons ('%' and the currency symbol). */
function KindToggle({ what, number, isPercent, symbol, disabled, onChange }: KindToggleProps) {
  const options = [
    { percent: true, text: '%', label: `${what} of item ${String(number)} in percent` },
    { percent: false, text: symbol, label: `${what} of item ${String(number)} as a fixed amount` },
  ];
  return (
    <div className={styles.toggle} role="group" aria-label={`${what} type of item ${String(number)}`}>
      {options.map((option) => (
        <button
          key={option.text}
          type="button"
          className={`${styles.toggleButton} ${option.percent === isPercent ? styles.toggleActive : ''}`}
          aria-pressed={option.percent === isPercent}
          aria-label={option.label}
          disabled={disabled}
          onClick={() => onChange(option.percent)}
        >
          {option.text}
        </button>
      ))}
    </div>
  );
}
