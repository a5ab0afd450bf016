/** What other features use of the installed app. */
export { UpdatePrompt } from './update-prompt';
