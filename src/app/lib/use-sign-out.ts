import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { signOut } from './sign-out';

/**
 * Signing out from a button: the server session is ended (or found unreachable), the local state cleared, and the
 * sign-in page opened. `isPending` keeps the button from being pressed twice.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => navigate({ to: '/auth' }),
  });
}
