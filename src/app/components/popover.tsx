import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styles from './popover.module.css';
import { Tooltip } from './tooltip';

interface PopoverProps {
  /** Accessible name of the trigger button. */
  label: string;
  /** What the trigger shows (icon, avatar, current value). */
  trigger: ReactNode;
  triggerClassName?: string;
  panelClassName?: string;
  /** Which edge of the trigger the panel lines up with on wide screens. */
  align?: 'start' | 'end';
  /** Title attribute of the trigger (tooltip on desktop). */
  title?: string;
  children: (close: () => void) => ReactNode;
}

/**
 * A disclosure: a button that shows a panel below it (full width under the top bar on phones). Escape and clicks
 * outside close it; Escape returns focus to the button.
 */
export function Popover({
  label,
  trigger,
  triggerClassName = '',
  panelClassName = '',
  align = 'end',
  title,
  children,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const button = (
    <button
      ref={buttonRef}
      type="button"
      className={triggerClassName}
      aria-label={label}
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={() => setOpen((value) => !value)}
    >
      {trigger}
    </button>
  );

  return (
    <div className={styles.root} ref={rootRef}>
      {title === undefined ? button : <Tooltip text={title}>{button}</Tooltip>}
      {open ? (
        <div id={panelId} className={`${styles.panel} ${align === 'start' ? styles.start : styles.end} ${panelClassName}`}>
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  );
}
