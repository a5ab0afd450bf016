/** Texts of the error catalogue (docs/errors.md) and validation rules (docs/errors.md), shown exactly as written. */
export const MESSAGES = {
  networkProblem: 'Network problem detected. Try again later.',
  loggedOut: 'You were logged out',
  forbidden: 'This feature is available only for logged in users',
  serverError: 'Unexpected server error occurred',
  loggedInOnly: 'This feature is available only for logged in users.',
  quickCreateGuest:
    'Sign-in with MetaMask, WalletConnect, or Google to access this feature.',
  noMetaMask: 'No MetaMask installed.',
  downloadMetaMask: 'Please download MetaMask and refresh this page.',
  walletConnectNoAddress:
    'WalletConnect: No address found. Check your connection status and try again.',
  invalidAddress: 'Provided address is invalid',
  verifyingAddress: 'Verifying address',
  fetchingAddressData: 'Fetching address data',
  textCopied: 'Text copied to the clipboard',
  invoiceNotFound: 'Invoice not found',
  required: 'This field is required',
  networkRequired: 'Network is required',
  invalidEmail: 'Enter a valid email address',
  walletLimit: (n: number) =>
    `Oh no! You have reached your maximum ${String(n)} wallets and public keys. Upgrade your plan to see more.`,
  invoiceLimit: (n: number) =>
    `Oh no! You can only create ${String(n)} invoices on your current plan. Upgrade your plan to proceed.`,
  transactionLimit: (n: number) =>
    `Oh no, with your current plan you can only load ${String(n)} transactions. To import the rest of your transactions, upgrade your plan.`,
} as const;

/** How long a toast stays on screen (docs/errors.md). */
export const TOAST_MS = 5000;
