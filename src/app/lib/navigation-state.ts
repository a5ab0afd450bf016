/**
 * What pages pass to each other in navigation state (history.state), typed for TanStack Router's
 * `navigate({ to, state })` and `useLocation().state` (docs/README.md: tutorial marker, contact or wallet for a new
 * invoice, invoice for the payment page).
 */

/** Present while the guided tutorial runs; `step` is 1-based (7 steps, docs/app-shell.md). */
export interface TutorialMarker {
  step: number;
}

/** Starts the tutorial from its first step (on /wallets). */
export const TUTORIAL_START: TutorialMarker = { step: 1 };

/** A dialog the destination page should open on arrival (quick-create menu). */
export type OpenDialogRequest = 'create-report' | 'add-contact' | 'add-wallet';

declare module '@tanstack/history' {
  interface HistoryState {
    tutorial?: TutorialMarker;
    openDialog?: OpenDialogRequest;
    /** Contact id preselected on /new-invoice. */
    contactId?: string;
    /** Draft invoice id edited on /new-invoice (documents' 'Edit invoice', the invoice page's 'Edit'). */
    invoiceId?: string;
    /** Wallet id prefilled on /new-invoice, or preset in the new report dialog. */
    walletId?: string;
    /** Exchange account preset in the new report dialog. */
    cexId?: string;
    /** The invoice (as returned by the API) for /pay-invoice/$id/payment. */
    invoice?: unknown;
  }
}
