import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LabelColor } from '../../../shared/enums';
import { users } from './users';

/** A user's labels for contacts and transactions (docs/labels.md). Names are unique per user, ignoring case. */
export const labels = pgTable(
  'labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').$type<LabelColor>().notNull(),
    /** The Idempotency-Key of the POST that made it: a replay of that POST answers with this label. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('labels_user_name_key').on(t.userId, sql`lower(${t.name})`),
    uniqueIndex('labels_user_idempotency_key').on(t.userId, t.idempotencyKey),
  ],
);

export type LabelRow = typeof labels.$inferSelect;
