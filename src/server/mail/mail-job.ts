/**
 * The mail job: sends the queued messages that are due, each claimed by one worker (FOR UPDATE SKIP LOCKED), with
 * retries at growing intervals; a message that keeps failing is kept as FAILED with its last error, never lost.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { MailAttachment } from '../db/schema';
import type { Logger } from '../logging/logger';
import type { MailTransport } from './mail-transport';

/** Attempts before a message is given up on (kept as FAILED). */
export const MAIL_MAX_ATTEMPTS = 8;
/** First retry after 30 s, then doubling: 30 s, 1, 2, 4, 8, 16, 32 minutes. */
export const MAIL_RETRY_BASE_MS = 30_000;
/** A claimed message whose sender died is taken up again after this long. */
const CLAIM_MS = 10 * 60_000;
const BATCH = 20;

export interface MailJobDeps {
  db: Database;
  logger: Logger;
  now: () => Date;
  transport: MailTransport;
}

const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows?: Record<string, unknown>[] }).rows ?? [];

/** Sends every due message; returns how many were sent. */
export async function sendDueMail(deps: MailJobDeps): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = deps.now();
    const claimed = rowsOf(
      await deps.db.execute(sql`
        update mail_outbox set status = 'SENDING', next_attempt_at = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz
        where id in (
          select id from mail_outbox
          where status in ('QUEUED', 'SENDING') and next_attempt_at <= ${now.toISOString()}::timestamptz
          order by next_attempt_at limit ${BATCH} for update skip locked)
        returning id, "to", subject, text, attachments, attempts`),
    );
    if (claimed.length === 0) return sent;
    for (const row of claimed) {
      const id = String(row.id);
      const attempts = Number(row.attempts) + 1;
      try {
        await deps.transport.send({
          id,
          to: String(row.to),
          subject: String(row.subject),
          text: String(row.text),
          attachments: (typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments) as MailAttachment[],
        });
        await deps.db.execute(sql`update mail_outbox set status = 'SENT', attempts = ${attempts}, sent_at = ${deps.now().toISOString()}::timestamptz, last_error = null where id = ${id}`);
        sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = attempts >= MAIL_MAX_ATTEMPTS;
        const next = new Date(deps.now().getTime() + MAIL_RETRY_BASE_MS * 2 ** (attempts - 1));
        await deps.db.execute(sql`
          update mail_outbox set status = ${giveUp ? 'FAILED' : 'QUEUED'}, attempts = ${attempts},
            next_attempt_at = ${next.toISOString()}::timestamptz, last_error = ${message.slice(0, 500)}
          where id = ${id}`);
        deps.logger.warn(giveUp ? 'E-mail given up after its last attempt' : 'E-mail not sent; will retry', { id, attempts, error: message });
      }
    }
  }
}
