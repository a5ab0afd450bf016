import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { CHAT_URL, opensInNewTab } from '../help';
import {
  nextTarget,
  pagingText,
  previousTarget,
  TUTORIAL_DONE_TITLE,
  TUTORIAL_STEP_COUNT,
  TUTORIAL_TRANSITION_MS,
  tutorialView,
  type TutorialStep,
  type TutorialTarget,
} from './tutorial-steps';
import { useEndTutorial } from './use-end-tutorial';
import styles from './tutorial.module.css';

function StepCard({ step }: { step: TutorialStep }) {
  const navigate = useNavigate();
  const endTutorial = useEndTutorial();
  const [leaving, setLeaving] = useState(false);
  const cardRef = useRef<HTMLElement>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    cardRef.current?.focus({ preventScroll: true });
  }, [step.step]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const go = (target: TutorialTarget) => {
    if (leaving) return;
    setLeaving(true);
    timer.current = window.setTimeout(() => {
      void navigate({ to: target.path, state: target.marker ? { tutorial: target.marker } : {} });
      setLeaving(false);
    }, TUTORIAL_TRANSITION_MS);
  };

  const headingId = `tutorial-step-${String(step.step)}`;
  return (
    <aside
      ref={cardRef}
      key={step.step}
      className={`${styles.card} ${leaving ? styles.leaving : ''}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-testid="tutorial-step"
    >
      <div className={styles.header}>
        <span className={styles.paging} aria-label={`Step ${pagingText(step.step)}`}>
          {pagingText(step.step)}
        </span>
        <button type="button" className={`btn btn-ghost ${styles.close}`} aria-label="End tutorial" onClick={endTutorial}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <h2 id={headingId} className={styles.title}>
        {step.title}
      </h2>
      <p className={styles.body}>{step.body}</p>
      <div className={styles.progress} aria-hidden="true">
        {Array.from({ length: TUTORIAL_STEP_COUNT }, (_, index) => (
          <span key={index} className={index < step.step ? styles.dotDone : styles.dot} />
        ))}
      </div>
      <div className={styles.actions}>
        <button type="button" className="btn" disabled={leaving} onClick={() => go(previousTarget(step.step))}>
          Previous
        </button>
        <button type="button" className="btn btn-primary" disabled={leaving} onClick={() => go(nextTarget(step.step))}>
          {step.step === TUTORIAL_STEP_COUNT ? 'Finish' : 'Next'}
        </button>
      </div>
    </aside>
  );
}

function DoneDialog() {
  const navigate = useNavigate();
  const endTutorial = useEndTutorial();
  return (
    <Dialog
      open
      onClose={endTutorial}
      title={TUTORIAL_DONE_TITLE}
      actions={
        <>
          <button
            type="button"
            className="btn"
            onClick={() => {
              const target = previousTarget(TUTORIAL_STEP_COUNT + 1);
              void navigate({ to: target.path, state: target.marker ? { tutorial: target.marker } : {} });
            }}
          >
            Previous
          </button>
          <button type="button" className="btn btn-primary" onClick={endTutorial}>
            Done
          </button>
        </>
      }
    >
      <p className={styles.doneText}>
        You know your way around now. Questions later? The <Link to="/faq" onClick={endTutorial}>FAQ</Link> answers
        the common ones, and you can{' '}
        <a href={CHAT_URL} {...(opensInNewTab(CHAT_URL) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          chat with us
        </a>{' '}
        any time: open the help button at the bottom right of the screen and choose Chat.
      </p>
    </Dialog>
  );
}

/**
 * The tutorial's step card (or its closing dialog) for the page the user is on. Mount it once in the app shell:
 * it shows only while navigation state carries a tutorial marker for the current page.
 */
export function TutorialOverlay() {
  const location = useRouterState({ select: (state) => state.location });
  const view = tutorialView(location.pathname, location.state.tutorial);
  if (view.kind === 'none') return null;
  if (view.kind === 'done') return <DoneDialog />;
  return <StepCard key={view.step.step} step={view.step} />;
}
