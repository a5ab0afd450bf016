import type { ReactNode } from 'react';
import styles from './page-frame.module.css';

interface PageFrameProps {
  title: string;
  /** Right side of the header (buttons). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** Title row and body shared by the pages of the signed-in app. */
export function PageFrame({ title, actions, children }: PageFrameProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** A message card in place of content (logged-in-only texts, sections this server does not offer yet). */
export function NoticeCard({ children }: { children: ReactNode }) {
  return <div className={`card ${styles.notice}`}>{children}</div>;
}

export const NOT_AVAILABLE_YET = 'This section is not available yet on this server.';
