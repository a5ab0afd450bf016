import type { RefObject } from 'react';

interface ClearSearchButtonProps {
  className?: string | undefined;
  onClear: () => void;
  /** Focus goes back to the field once it is cleared. */
  input: RefObject<HTMLInputElement | null>;
}

/** The '×' that empties a search field and returns focus to it. */
export function ClearSearchButton({ className, onClear, input }: ClearSearchButtonProps) {
  return (
    <button
      type="button"
      className={`btn btn-ghost ${className ?? ''}`}
      aria-label="Clear search"
      onClick={() => {
        onClear();
        input.current?.focus();
      }}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
