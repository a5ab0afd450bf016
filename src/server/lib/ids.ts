/** Path ids are UUIDs; anything else cannot name a row (404 without asking the database). */
export { isUuid } from '../../shared/contract/primitives';
