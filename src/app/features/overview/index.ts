/** What other features use of the overview. */
export { useCreateInvoice } from './use-create-invoice';
