/** What other features use of the help menu's settings. */
export { CONTACT_PAGE_URL } from './help-links';
