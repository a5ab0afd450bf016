import type { SettingsSection } from '../../lib/settings-search';

/** Pages a FAQ answer may link to. */
export type FaqRoute = '/pricing' | '/wallets' | '/documents' | '/contacts' | '/new-invoice' | '/auth' | '/overview';
export type FaqSettingsSection = SettingsSection;

/** One piece of an answer: plain text, a link inside the app, a settings section, or an external link. */
export type AnswerPart =
  | string
  | { text: string; to: FaqRoute }
  | { text: string; settings: FaqSettingsSection }
  | { text: string; href: string };

/** An answer is a list of paragraphs, each a list of parts. */
export type FaqAnswer = readonly (readonly AnswerPart[])[];

export interface FaqItem {
  id: string;
  question: string;
  answer: FaqAnswer;
}
