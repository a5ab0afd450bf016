import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
} from 'react';
import styles from './tooltip.module.css';

/** Hover or focus this long before a tooltip shows (docs/money.md: tooltip delay 100 ms). */
export const TOOLTIP_DELAY_MS = 100;
/** Gap between the tooltip and the edge of the screen or its element, in px. */
const MARGIN = 8;

interface TooltipProps {
  text: string;
  /** Layout of the wrapper around the element (e.g. to let it grow in a flex row). */
  className?: string;
  /** One element; while shown, the tooltip describes it (aria-describedby). */
  children: ReactElement<{ 'aria-describedby'?: string }>;
}

/**
 * A short text shown above (or, without room, below) its element after TOOLTIP_DELAY_MS of hovering or
 * keyboard focus; leaving, blurring or Escape hides it. It stays inside the screen on the narrowest phone.
 */
export function Tooltip({ text, className, children }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const anchorRef = useRef<HTMLSpanElement>(null);
  const bubbleRef = useRef<HTMLSpanElement>(null);

  const show = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  }, []);
  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    setOpen(false);
    setPlace(null);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', hide, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', hide, true);
    };
  }, [open, hide]);

  useLayoutEffect(() => {
    const anchor = anchorRef.current;
    const bubble = bubbleRef.current;
    if (!open || anchor === null || bubble === null) return;
    const around = anchor.getBoundingClientRect();
    const size = bubble.getBoundingClientRect();
    const widest = document.documentElement.clientWidth - size.width - MARGIN;
    const left = Math.max(MARGIN, Math.min(around.left + around.width / 2 - size.width / 2, widest));
    const above = around.top - size.height - MARGIN / 2;
    setPlace({ left, top: above >= MARGIN ? above : around.bottom + MARGIN / 2 });
  }, [open]);

  return (
    <span
      ref={anchorRef}
      className={`${styles.anchor} ${className ?? ''}`}
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
    >
      {cloneElement(children, { 'aria-describedby': open ? id : undefined })}
      {open ? (
        <span
          ref={bubbleRef}
          id={id}
          role="tooltip"
          className={styles.bubble}
          style={place ?? { left: 0, top: 0, visibility: 'hidden' }}
        >
          {text}
        </span>
      ) : null}
    </span>
  );
}
