import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import styles from './route-error.module.css';

/** Shown when a page fails to render or load: what happened and a way to retry. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <div className={styles.box} role="alert">
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.text}>{error instanceof Error ? error.message : 'The page could not be shown.'}</p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </button>
    </div>
  );
}
