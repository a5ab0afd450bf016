/** Texts of the /new-invoice page (docs/invoices.md). */
export const GUEST_INVOICE_TEXT = 'Create invoice feature is available only for logged-in users.';
export const EDIT_NEEDS_NETWORK = 'You are offline. Opening this draft needs a connection. Try again when you are back online.';
