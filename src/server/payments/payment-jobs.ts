/**
 * The payment watcher and the mail sender on the job queue: each runs one at a time per process (and, through its
 * singleton key, one waits at a time across processes), queued every PAYMENT_WATCH_SECONDS and every 15 seconds.
 */
import type { JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logging/logger';
import { sendDueMail, type MailJobDeps } from '../mail/mail-job';
import { MAIL_SEND_JOB } from '../mail/mail-outbox';
import type { PaymentDeps } from './payment-deps';
import { PAYMENT_WATCH_JOB, watchPayments } from './payment-watcher';

export const MAIL_POLL_SECONDS = 15;

export async function registerPaymentJobs(queue: JobQueue, deps: PaymentDeps, mail: MailJobDeps, logger: Logger): Promise<() => void> {
  await queue.work(PAYMENT_WATCH_JOB, async () => void (await watchPayments(deps)), { concurrency: 1 });
  await queue.work(MAIL_SEND_JOB, async () => void (await sendDueMail(mail)), { concurrency: 1 });
  const kick = (name: string) => () =>
    void queue.send(name, {}, { singletonKey: name }).catch((error: unknown) => logger.debug('Job not queued', { name, error }));
  const timers = [
    setInterval(kick(PAYMENT_WATCH_JOB), deps.config.payments.watchSeconds * 1000),
    setInterval(kick(MAIL_SEND_JOB), MAIL_POLL_SECONDS * 1000),
  ];
  for (const timer of timers) timer.unref();
  kick(PAYMENT_WATCH_JOB)();
  kick(MAIL_SEND_JOB)();
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
