/** What other features use of the tutorial. */
export { LazyTutorialOverlay } from './lazy-tutorial-overlay';
export { TUTORIAL_END_FAILED } from './tutorial-steps';
