import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './dialog.module.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Buttons shown at the bottom, right-aligned on wide screens, full width on phones. */
  actions?: ReactNode;
  /** Hides the close (X) button, e.g. while a step must finish. */
  hideClose?: boolean;
}

/**
 * A modal dialog on the native <dialog> element: showModal traps focus, Escape closes (through onClose), and focus
 * returns to the element that opened it.
 */
export function Dialog({ open, onClose, title, children, actions, hideClose = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus();
      };
    }
    return undefined;
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      {open ? (
        <div className={styles.panel}>
          <header className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {hideClose ? null : (
              <button type="button" className={`btn btn-ghost ${styles.close}`} aria-label="Close" onClick={onClose}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </header>
          <div className={styles.body}>{children}</div>
          {actions ? <footer className={styles.actions}>{actions}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}
