/**
 * The new-invoice form's attachments (docs/invoices.md): images or PDF files, read as data URLs, at most
 * 10,000,000 bytes together once decoded. A choice that would go over the limit is not added at all; files of
 * other types are refused by name.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { attachmentsTotalBytes, INVOICE_MESSAGES, MAX_ATTACHMENTS_BYTES } from '../../../shared/invoice-rules';
import styles from './line-items.module.css';

export interface Attachment {
  name: string;
  data: string;
}

export interface AttachmentsFieldProps {
  value: Attachment[];
  onChange(value: Attachment[]): void;
  /** The server's message for the attachments, if any. */
  error?: string | null;
  disabled?: boolean;
}

export const ATTACHMENT_ACCEPT = 'image/*,application/pdf,.pdf';

/** Images and PDF files; a file the system gives no type reads by its '.pdf' name. */
export function isAttachmentFile(file: { name: string; type: string }): boolean {
  if (file.type === '') return /\.pdf$/i.test(file.name);
  return file.type.startsWith('image/') || file.type === 'application/pdf';
}

/** A data URL with its declared type fixed for a typeless '.pdf' file (the server takes images and PDF only). */
export function attachmentDataUrl(file: { name: string; type: string }, dataUrl: string): string {
  if (file.type === '' && /\.pdf$/i.test(file.name)) return dataUrl.replace(/^data:[^;,]*/, 'data:application/pdf');
  return dataUrl;
}

/** Sizes as people read them, in decimal units like the 10MB limit: '512 B', '34.5 KB', '1.2 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${String(bytes)} B`;
  if (bytes < 1_000_000) return `${trimOne(bytes / 1000)} KB`;
  return `${trimOne(bytes / 1_000_000)} MB`;
}

const trimOne = (value: number): string => value.toFixed(1).replace(/\.0$/, '');

/** The message for refused file types, naming them. */
export function refusedTypesMessage(names: readonly string[]): string {
  const list = names.map((name) => `“${name}”`).join(', ');
  return `${list} ${names.length === 1 ? 'is' : 'are'} not an image or a PDF. ${INVOICE_MESSAGES.attachmentType}`;
}

/**
 * Whether adding files of these sizes keeps the attachments within the limit; the current attachments count by
 * their decoded data URLs (one that cannot be read counts as over the limit, as the server would refuse it).
 */
export function fitsAttachmentLimit(current: readonly { data: string }[], addedBytes: readonly number[]): boolean {
  const existing = attachmentsTotalBytes(current);
  if (existing === null) return false;
  return addedBytes.reduce((sum, bytes) => sum + bytes, existing) <= MAX_ATTACHMENTS_BYTES;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable file.')));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file.'));
    reader.readAsDataURL(file);
  });
}

export function AttachmentsField({ value, onChange, error = null, disabled = false }: AttachmentsFieldProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  // The latest list, for the files read after the choice (the page may have changed it meanwhile).
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  const choose = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    const accepted = chosen.filter(isAttachmentFile);
    const refused = chosen.filter((file) => !isAttachmentFile(file)).map((file) => file.name);
    const messages = refused.length > 0 ? [refusedTypesMessage(refused)] : [];
    if (accepted.length > 0 && !fitsAttachmentLimit(latest.current, accepted.map((file) => file.size))) {
      setProblem(INVOICE_MESSAGES.attachmentsTooLarge);
      return;
    }
    if (accepted.length === 0) {
      setProblem(messages.join(' '));
      return;
    }
    setReading(true);
    try {
      const added = await Promise.all(
        accepted.map(async (file) => ({ name: file.name, data: attachmentDataUrl(file, await readAsDataUrl(file)) })),
      );
      const next = [...latest.current, ...added];
      const total = attachmentsTotalBytes(next);
      if (total === null || total > MAX_ATTACHMENTS_BYTES) {
        setProblem(INVOICE_MESSAGES.attachmentsTooLarge);
        return;
      }
      setProblem(messages.length > 0 ? messages.join(' ') : null);
      onChange(next);
    } catch {
      setProblem('A file could not be read. Try again.');
    } finally {
      setReading(false);
    }
  };

  const remove = (index: number): void => {
    setProblem(null);
    onChange(value.filter((_, i) => i !== index));
  };

  const message = problem ?? error;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={styles.attachments}>
      <input
        id={id}
        className={styles.fileInput}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        multiple
        disabled={disabled || reading}
        aria-describedby={message ? `${hintId} ${errorId}` : hintId}
        aria-invalid={message ? true : undefined}
        onChange={(event) => void choose(event)}
      />
      <label htmlFor={id} className={`btn ${styles.fileButton}`}>
        {reading ? 'Reading files…' : 'Add attachments'}
      </label>
      <p id={hintId} className={styles.fileHint}>
        Images or PDF, up to 10MB in total.
      </p>
      {value.length > 0 ? (
        <ul className={styles.fileList} aria-label="Attachments">
          {value.map((attachment, index) => {
            const bytes = attachmentsTotalBytes([attachment]);
            return (
              <li key={`${String(index)}-${attachment.name}`} className={styles.fileRow}>
                <span className={styles.fileName} title={attachment.name}>
                  {attachment.name}
                </span>
                <span className={styles.fileSize}>{bytes === null ? '' : formatFileSize(bytes)}</span>
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => remove(index)}
                  disabled={disabled}
                  aria-label={`Remove ${attachment.name}`}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {message ? (
        <p id={errorId} className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
