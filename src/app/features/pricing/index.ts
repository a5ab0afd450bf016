/** What other features use of plans and billing. */
export { BillingPanel } from './billing-panel';
