import { describe, expect, it } from 'vitest';
import { FAQ_ITEMS } from '../../src/app/features/faq/faq-data';
import {
  FAQ_PREVIEW_COUNT,
  filterFaq,
  isAnswerEmpty,
  pageFaq,
  showAllLabel,
} from '../../src/app/features/faq/faq-filter';
import type { FaqItem } from '../../src/app/features/faq/faq-types';

const sample: FaqItem[] = [
  { id: 'a', question: 'Which blockchains are supported?', answer: [['Many.']] },
  { id: 'b', question: 'Can I connect my Exchange account?', answer: [['Binance.']] },
  { id: 'c', question: 'Does the app work offline?', answer: [] },
  { id: 'd', question: 'Why can I add only one wallet?', answer: [['  ', { text: '', to: '/pricing' }]] },
];

describe('FAQ content', () => {
  it('has 15 questions, each with a unique id and an answer', () => {
    expect(FAQ_ITEMS).toHaveLength(15);
    expect(new Set(FAQ_ITEMS.map((item) => item.id)).size).toBe(15);
    for (const item of FAQ_ITEMS) expect(isAnswerEmpty(item.answer)).toBe(false);
  });
});

describe('filterFaq', () => {
  it('returns everything for a blank phrase', () => {
    expect(filterFaq(sample, '   ')).toHaveLength(4);
  });

  it('matches question text case-insensitively, every word', () => {
    expect(filterFaq(sample, 'EXCHANGE').map((item) => item.id)).toEqual(['b']);
    expect(filterFaq(sample, 'app offline').map((item) => item.id)).toEqual(['c']);
    expect(filterFaq(sample, 'offline binance')).toEqual([]);
  });

  it('does not search the answers', () => {
    expect(filterFaq(sample, 'Binance')).toEqual([]);
  });

  it('finds the real questions by topic', () => {
    expect(filterFaq(FAQ_ITEMS, 'delete').map((item) => item.id)).toEqual(['delete-account']);
    expect(filterFaq(FAQ_ITEMS, 'zzzz')).toEqual([]);
  });
});

describe('pageFaq', () => {
  it('shows the first five and counts the rest', () => {
    const { visible, hidden } = pageFaq(FAQ_ITEMS, false);
    expect(visible).toHaveLength(FAQ_PREVIEW_COUNT);
    expect(hidden).toBe(10);
    expect(showAllLabel(hidden)).toBe('Show all questions (10 more)');
  });

  it('shows all when asked or when there are few', () => {
    expect(pageFaq(FAQ_ITEMS, true)).toEqual({ visible: [...FAQ_ITEMS], hidden: 0 });
    expect(pageFaq(sample, false).hidden).toBe(0);
  });
});

describe('isAnswerEmpty', () => {
  it('treats no paragraphs or only blank parts as empty', () => {
    expect(isAnswerEmpty(sample[2]?.answer ?? [['x']])).toBe(true);
    expect(isAnswerEmpty(sample[3]?.answer ?? [['x']])).toBe(true);
    expect(isAnswerEmpty(sample[0]?.answer ?? [])).toBe(false);
  });
});
