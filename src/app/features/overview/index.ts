/** What other features use of the overview. */
export { asList } from './overview-queries';
export { useCreateInvoice } from './use-create-invoice';
