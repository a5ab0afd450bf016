import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { walletsLimitQuery } from '../../lib/wallet-queries';
import { requireOnline } from '../../lib/network-actions';
import { limitMessage } from '../quick-create';

/**
 * 'Add Wallet': asks the server whether the plan allows one more wallet (never from the cache), then opens the
 * dialog, or the plan-limit text ('Oh no! You have reached your maximum N wallets and public keys. …').
 */
export function useAddWallet(openDialog: () => void) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [limitText, setLimitText] = useState<string | null>(null);

  const start = useCallback(async () => {
    if (!requireOnline('Adding a wallet')) return;
    setChecking(true);
    try {
      const limit = await queryClient.fetchQuery({ ...walletsLimitQuery(), networkMode: 'always', retry: false });
      if (limit.can_create) openDialog();
      else setLimitText(limitMessage('wallet', limit));
    } catch {
      // The API client has already told the user why (network problem, server error).
    } finally {
      setChecking(false);
    }
  }, [openDialog, queryClient]);

  return { start, checking, limitText, dismissLimit: () => setLimitText(null) };
}
