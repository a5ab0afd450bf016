import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';

/**
 * Renders `children()` in a component of its own that re-renders when the signals it reads change (the items
 * of a modular-forms field array, read inside the array's render function).
 */
export function SignalScope({ children }: { children: () => ReactNode }) {
  useSignals();
  return <>{children()}</>;
}
