import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { OTP_DIGITS } from '../../../shared/schemas/ftc';
import { Dialog } from '../../components/dialog';
import styles from './ftc.module.css';

interface CodeDialogProps {
  open: boolean;
  onClose: () => void;
  /** Sends the six digits; resolves when accepted, rejects with the message to show under the boxes. */
  onSubmit: (code: string) => Promise<void>;
  /** Asks for a new e-mail. */
  onResend: () => void;
  busy: boolean;
  error: string | null;
}

const EMPTY = Array.from({ length: OTP_DIGITS }, () => '');

/**
 * The e-mailed code: six single-digit boxes (digits only; a pasted code fills them all), sent as soon as all six
 * hold a digit. Server errors show under the boxes; the hint reminds to look in the spam folder.
 */
export function CodeDialog({ open, onClose, onSubmit, onResend, busy, error }: CodeDialogProps) {
  const [digits, setDigits] = useState<string[]>(EMPTY);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const update = (next: string[]) => {
    setDigits(next);
    if (next.every((d) => /^\d$/.test(d)) && !busy) {
      void onSubmit(next.join('')).catch(() => {
        setDigits(EMPTY);
        boxes.current[0]?.focus();
      });
    }
  };

  const type = (index: number, value: string) => {
    const digit = value.replace(/\D/g, '').slice(-1);
    const next = [...digits];
    next[index] = digit;
    if (digit !== '' && index < OTP_DIGITS - 1) boxes.current[index + 1]?.focus();
    update(next);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) boxes.current[index - 1]?.focus();
  };

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, OTP_DIGITS);
    if (pasted.length === 0) return;
    event.preventDefault();
    const next = EMPTY.map((_, i) => pasted[i] ?? '');
    boxes.current[Math.min(pasted.length, OTP_DIGITS - 1)]?.focus();
    update(next);
  };

  return (
    <Dialog
      open={open}
      onClose={() => {
        setDigits(EMPTY);
        onClose();
      }}
      title="Enter verification code"
    >
      <p>We sent a {OTP_DIGITS}-digit code to your e-mail. If it is not in your inbox, please check your spam folder.</p>
      <div className={styles.codeBoxes} role="group" aria-label="Verification code">
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className={styles.codeBox}
            value={digit}
            inputMode="numeric"
            pattern="[0-9]"
            maxLength={1}
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${String(index + 1)}`}
            aria-invalid={error ? true : undefined}
            disabled={busy}
            autoFocus={index === 0}
            onChange={(event) => type(index, event.target.value)}
            onKeyDown={(event) => keyDown(index, event)}
            onPaste={paste}
          />
        ))}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="btn btn-ghost" onClick={onResend} disabled={busy}>
        Send a new code
      </button>
    </Dialog>
  );
}
