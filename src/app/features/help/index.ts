/** What other features use of the help menu. */
export { HelpButton } from './help-button';
export { CHAT_URL, CONTACT_PAGE_URL, opensInNewTab } from './help-links';
