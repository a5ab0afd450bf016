/** What other features use of the top bar. */
export { PRODUCT_NAME, TopBar } from './top-bar';
