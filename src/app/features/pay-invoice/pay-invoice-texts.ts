/** The payer pages' texts (docs/pay-invoice.md), shown exactly as written. */
export const PAYMENT_TEXTS = {
  missingInvoice: 'An error occurred while fetching invoice data.',
  fiatRefused: "This invoice can't currently be paid with Fiat. Kindly contact the invoice owner.",
  cannotSwitch: (chain: string) => `Cannot switch to the ${chain} network`,
  addChainFailed: (chain: string) => `Failed to add ${chain} to MetaMask.`,
  paymentFailed: 'Something went wrong while paying the invoice!',
  successTitle: 'Payment successfully sent',
  priceUpdate: '*Price will update in',
  bankProcessing: '1-2 business days',
  quoteUnavailable: 'The token price is not available right now. The amount will show as soon as it is.',
} as const;
