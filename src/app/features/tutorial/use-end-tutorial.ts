import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';
import { updateStoredUser, useCurrentUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useUpdateUser } from '../../lib/use-update-user';
import { TUTORIAL_END_FAILED } from './tutorial-steps';

/**
 * Ends the tutorial: leaves the page's tutorial marker and, for users who may change their profile, sets
 * is_tutorial_viewed (through the registered user mutation, so it is sent once even if the app is offline).
 */
export function useEndTutorial(): () => void {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const update = useUpdateUser();

  return useCallback(() => {
    void navigate({ to: pathname, state: {}, replace: true });
    if (!user?.full_access) return;
    if (!user.is_tutorial_viewed) updateStoredUser({ ...user, is_tutorial_viewed: true });
    update.mutate({ is_tutorial_viewed: true }, { onError: () => toast(TUTORIAL_END_FAILED, 'error') });
  }, [navigate, pathname, update, user]);
}
