/** What other features use of the account menu. */
export { AccountMenu } from './account-menu';
