/** What other features use of the quick-create menu. */
export { QuickCreateMenu, limitMessage } from './quick-create-menu';
