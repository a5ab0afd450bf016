import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '../../../shared/api-types';
import { PLAN_LABELS } from '../../../shared/enums';
import { Dialog } from '../../components/dialog';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { paymentMutation, refreshPlanData, storeSubscription } from './billing-queries';
import { dayText } from './pricing-rules';
import styles from './pricing.module.css';

interface CancelPlanDialogProps {
  open: boolean;
  onClose: () => void;
  subscription: Subscription;
}

/** Switch to the Free plan: the paid plan is cancelled at the end of the period already paid for. */
export function CancelPlanDialog({ open, onClose, subscription }: CancelPlanDialogProps) {
  const client = useQueryClient();
  const cancel = useMutation({
    ...paymentMutation,
    onSuccess: async (answer) => {
      storeSubscription(answer);
      toast(`Your plan is cancelled. It stays until ${dayText(answer.subscription.ends_at)}.`, 'success');
      onClose();
      await refreshPlanData(client);
    },
  });
  const until = dayText(subscription.next_billing_date ?? subscription.ends_at);
  const error = cancel.error instanceof ApiError || cancel.error instanceof Error ? cancel.error.message : null;
  return (
    <Dialog
      open={open}
      onClose={() => {
        cancel.reset();
        onClose();
      }}
      title="Cancel plan"
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Keep my plan
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate({ payment_provider: 'STRIPE', plan: 'STARTER' })}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel plan'}
          </button>
        </>
      }
    >
      <p>
        Your {PLAN_LABELS[subscription.plan]} plan is not renewed{until === '' ? '' : ` and stays until ${until}`}. After
        that you are on the Free Plan again, with its limits: 1 wallet, fewer transactions per wallet and invoices per
        year, and no portfolio history or accounting integration.
      </p>
      {error === null ? null : (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </Dialog>
  );
}
