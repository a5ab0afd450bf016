import type { AnswerPart, FaqAnswer, FaqItem } from './faq-types';

/** How many questions show before 'Show all questions (N more)'. */
export const FAQ_PREVIEW_COUNT = 5;

export const NO_ANSWER_TEXT = 'Answer not yet defined. Sorry for the inconvinience.';
export const NO_RESULTS_TEXT = 'No questions found according to your searching phrase';

function normalise(text: string): string {
  return text.toLocaleLowerCase().normalize('NFKD').replace(/\s+/g, ' ').trim();
}

/** Questions whose text contains every word of the phrase (case- and accent-insensitive); all for a blank phrase. */
export function filterFaq(items: readonly FaqItem[], phrase: string): FaqItem[] {
  const words = normalise(phrase).split(' ').filter((word) => word !== '');
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const question = normalise(item.question);
    return words.every((word) => question.includes(word));
  });
}

/** The questions to show and how many more 'Show all questions' would reveal. */
export function pageFaq(items: readonly FaqItem[], showAll: boolean): { visible: FaqItem[]; hidden: number } {
  if (showAll || items.length <= FAQ_PREVIEW_COUNT) return { visible: [...items], hidden: 0 };
  return { visible: items.slice(0, FAQ_PREVIEW_COUNT), hidden: items.length - FAQ_PREVIEW_COUNT };
}

function partText(part: AnswerPart): string {
  return typeof part === 'string' ? part : part.text;
}

/** An answer with no visible text shows NO_ANSWER_TEXT instead. */
export function isAnswerEmpty(answer: FaqAnswer): boolean {
  return answer.every((paragraph) => paragraph.every((part) => partText(part).trim() === ''));
}

export function showAllLabel(hidden: number): string {
  return `Show all questions (${String(hidden)} more)`;
}
