import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A file sent with a message (base64). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * Messages waiting to be sent, sent, or given up on (see docs/e-mail.md). A request queues a row and returns; the
 * mail job sends it with retries and backoff. `dedupe_key` makes one event's message be queued once.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dedupeKey: text('dedupe_key'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    /** QUEUED until sent (SENT) or out of attempts (FAILED). */
    status: text('status').$type<'QUEUED' | 'SENDING' | 'SENT' | 'FAILED'>().notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_outbox_dedupe_key').on(t.dedupeKey), index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
