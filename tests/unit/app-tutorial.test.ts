import { describe, expect, it } from 'vitest';
import {
  nextTarget,
  pagingText,
  previousTarget,
  TUTORIAL_DONE_STEP,
  TUTORIAL_STEPS,
  TUTORIAL_TRANSITION_MS,
  tutorialView,
} from '../../src/app/features/tutorial/tutorial-steps';

describe('tutorial steps', () => {
  it('has 7 steps over the documented pages with their titles', () => {
    expect(TUTORIAL_STEPS.map((step) => step.path)).toEqual([
      '/wallets',
      '/wallets',
      '/overview',
      '/transactions',
      '/contacts',
      '/documents',
      '/documents',
    ]);
    expect(TUTORIAL_STEPS[0]?.title).toBe('Your first wallet');
    expect(TUTORIAL_STEPS[1]?.title).toBe('Keep your wallets in check');
    expect(TUTORIAL_STEPS[5]?.title).toBe('Invoicing and Payments');
    expect(TUTORIAL_STEPS[6]?.title).toBe('Create personalized reports');
    expect(TUTORIAL_TRANSITION_MS).toBe(300);
  });

  it('pages as n of m', () => {
    expect(pagingText(1)).toBe('1 of 7');
    expect(pagingText(7)).toBe('7 of 7');
  });

  it('goes from step 2 to the overview with the marker, and after step 7 to the closing dialog', () => {
    expect(nextTarget(1)).toEqual({ path: '/wallets', marker: { step: 2 } });
    expect(nextTarget(2)).toEqual({ path: '/overview', marker: { step: 3 } });
    expect(nextTarget(3)).toEqual({ path: '/transactions', marker: { step: 4 } });
    expect(nextTarget(7)).toEqual({ path: '/documents', marker: { step: TUTORIAL_DONE_STEP } });
  });

  it('goes back from step 1 to the overview without the tutorial', () => {
    expect(previousTarget(1)).toEqual({ path: '/overview', marker: null });
    expect(previousTarget(3)).toEqual({ path: '/wallets', marker: { step: 2 } });
    expect(previousTarget(TUTORIAL_DONE_STEP)).toEqual({ path: '/documents', marker: { step: 7 } });
  });

  it('shows a step only on its own page', () => {
    expect(tutorialView('/wallets', { step: 1 })).toMatchObject({ kind: 'step', step: { step: 1 } });
    expect(tutorialView('/wallets/', { step: 2 })).toMatchObject({ kind: 'step', step: { step: 2 } });
    expect(tutorialView('/overview', { step: 1 })).toEqual({ kind: 'none' });
    expect(tutorialView('/overview', undefined)).toEqual({ kind: 'none' });
    expect(tutorialView('/documents', { step: TUTORIAL_DONE_STEP })).toEqual({ kind: 'done' });
    expect(tutorialView('/documents', { step: 42 })).toEqual({ kind: 'none' });
  });
});
