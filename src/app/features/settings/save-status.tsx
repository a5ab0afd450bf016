import styles from './settings.module.css';

export type SaveState = 'idle' | 'saving' | 'paused' | 'saved';

const TEXT: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving…',
  paused: 'Offline: saved when you are back online',
  saved: 'Saved',
};

/** A quiet, announced note next to a field that saves itself. */
export function SaveStatus({ state }: { state: SaveState }) {
  return (
    <span className={styles.saveStatus} aria-live="polite">
      {TEXT[state]}
    </span>
  );
}
