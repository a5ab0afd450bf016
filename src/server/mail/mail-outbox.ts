/**
 * Queues e-mail in the database (the `mail_outbox` table) and wakes the mail job; see docs/e-mail.md. Queuing
 * never sends, so a slow or failing mail server never blocks or fails the request that caused the message.
 */
import type { Database } from '../db/database';
import { mailOutbox, type MailAttachment } from '../db/schema';
import type { JobDispatch } from '../jobs/job-dispatch';

export const MAIL_SEND_JOB = 'mail-send';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /** One message per key: queuing the same event twice queues it once. */
  dedupeKey?: string;
}

export interface MailOutbox {
  db: Database;
  jobs: JobDispatch;
}

/** Queues `mail` (once per dedupeKey) and asks a worker to send what is due; true when it was queued now. */
export async function queueMail(outbox: MailOutbox, mail: OutgoingMail, now: Date): Promise<boolean> {
  const rows = await outbox.db
    .insert(mailOutbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      attachments: mail.attachments ?? [],
      dedupeKey: mail.dedupeKey ?? null,
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  if (rows.length > 0) await outbox.jobs.send(MAIL_SEND_JOB, {}, { singletonKey: MAIL_SEND_JOB });
  return rows.length > 0;
}
