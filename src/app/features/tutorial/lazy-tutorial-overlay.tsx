import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

const TutorialOverlay = lazy(() => import('./tutorial-overlay').then(({ TutorialOverlay: overlay }) => ({ default: overlay })));

/** The tutorial's step cards, downloaded only once a navigation carries a tutorial step. */
export function LazyTutorialOverlay() {
  const active = useRouterState({ select: (state) => state.location.state.tutorial !== undefined });
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <TutorialOverlay />
    </Suspense>
  );
}
