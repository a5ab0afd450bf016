/**
 * The guided tutorial (docs/app-shell.md): 7 steps over /wallets, /overview, /transactions, /contacts and
 * /documents, then a closing dialog. The current step travels in navigation state (lib/navigation-state).
 */
import type { TutorialMarker } from '../../lib/navigation-state';

export type TutorialPath = '/wallets' | '/overview' | '/transactions' | '/contacts' | '/documents';

export interface TutorialStep {
  /** 1-based. */
  step: number;
  path: TutorialPath;
  title: string;
  body: string;
}

export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    step: 1,
    path: '/wallets',
    title: 'Your first wallet',
    body:
      'Add a wallet by its public address and network, or connect a Binance account with a read-only API key. ' +
      'Only public data is read: your coins never leave your wallet.',
  },
  {
    step: 2,
    path: '/wallets',
    title: 'Keep your wallets in check',
    body:
      'Each card shows the network, total balance and tokens. Open a card for its details, or its menu to edit it, ' +
      'create an invoice or a report, or delete it.',
  },
  {
    step: 3,
    path: '/overview',
    title: 'Your dashboard at a glance',
    body:
      'Total assets, last activity, portfolio history, fungible tokens and NFTs, with your invoices awaiting ' +
      'payment and those already paid.',
  },
  {
    step: 4,
    path: '/transactions',
    title: 'Every transaction in one place',
    body:
      'Filter by date, token or label, sort by date or amount, and expand a row for gas, fees and the explorer link.',
  },
  {
    step: 5,
    path: '/contacts',
    title: 'Know who you deal with',
    body:
      'Save the people and companies you work with and their addresses, to bill them in a click and recognise ' +
      'them in your transactions.',
  },
  {
    step: 6,
    path: '/documents',
    title: 'Invoicing and Payments',
    body:
      'Create invoices payable in crypto or by euro bank transfer, follow them from sent to paid, and export them ' +
      'as PDF.',
  },
  {
    step: 7,
    path: '/documents',
    title: 'Create personalized reports',
    body: 'Build transaction and holdings reports for the wallets and dates you choose, and export them as CSV or PDF.',
  },
];

export const TUTORIAL_STEP_COUNT = TUTORIAL_STEPS.length;
/** The marker of the closing 'You're ready to go' dialog, shown after the last step. */
export const TUTORIAL_DONE_STEP = TUTORIAL_STEP_COUNT + 1;
/** Delay between steps (docs/app-shell.md), the length of the card's fade. */
export const TUTORIAL_TRANSITION_MS = 300;

export const TUTORIAL_END_FAILED = 'Something went wrong while ending tutorial';
export const TUTORIAL_START_FAILED = 'Something went wrong while starting tutorial';
export const TUTORIAL_DONE_TITLE = "You're ready to go";

export function tutorialStep(step: number): TutorialStep | null {
  return TUTORIAL_STEPS.find((entry) => entry.step === step) ?? null;
}

/** 'n of m' paging. */
export function pagingText(step: number): string {
  return `${String(step)} of ${String(TUTORIAL_STEP_COUNT)}`;
}

export interface TutorialTarget {
  path: TutorialPath;
  /** null leaves the tutorial. */
  marker: TutorialMarker | null;
}

/** Where 'Next' goes: the following step's page, and after the last step the closing dialog. */
export function nextTarget(step: number): TutorialTarget {
  const following = tutorialStep(step + 1);
  if (following) return { path: following.path, marker: { step: following.step } };
  const last = TUTORIAL_STEPS[TUTORIAL_STEP_COUNT - 1];
  return { path: last?.path ?? '/documents', marker: { step: TUTORIAL_DONE_STEP } };
}

/** Where 'Previous' goes; before the first step it is the dashboard, without the tutorial. */
export function previousTarget(step: number): TutorialTarget {
  if (step >= TUTORIAL_DONE_STEP) {
    const last = TUTORIAL_STEPS[TUTORIAL_STEP_COUNT - 1];
    return { path: last?.path ?? '/documents', marker: { step: TUTORIAL_STEP_COUNT } };
  }
  const previous = tutorialStep(step - 1);
  if (previous) return { path: previous.path, marker: { step: previous.step } };
  return { path: '/overview', marker: null };
}

export type TutorialView = { kind: 'step'; step: TutorialStep } | { kind: 'done' } | { kind: 'none' };

/** What the overlay shows on `pathname` for the marker in navigation state. */
export function tutorialView(pathname: string, marker: TutorialMarker | undefined): TutorialView {
  if (!marker || !Number.isInteger(marker.step)) return { kind: 'none' };
  const path = pathname.replace(/\/+$/, '') || '/';
  if (marker.step === TUTORIAL_DONE_STEP) return { kind: 'done' };
  const step = tutorialStep(marker.step);
  if (!step || step.path !== path) return { kind: 'none' };
  return { kind: 'step', step };
}
