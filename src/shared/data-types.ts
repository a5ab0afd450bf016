/** Names some modules still import the data answers' types by; the types themselves live in src/shared/contract. */
export type { LabelOut } from './contract/labels';
export type { WalletTokenOut as WalletToken } from './contract/primitives';
export type { ContactOut } from './contract/contacts';
