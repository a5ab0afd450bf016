-- Indexes of the transaction list (GET transactions) for users with hundreds of thousands of rows:
-- covering the spam and wallet filters so pages, deep offsets and capped counts are index-only scans,
-- the Amount ordering (by fiat value, unpriced rows counting as zero), and counterparty address search.
CREATE INDEX IF NOT EXISTS "transactions_user_list_idx" ON "transactions" USING btree ("user_id","created_at","id") INCLUDE ("is_spam","wallet_id","cex_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transactions_user_value_idx" ON "transactions" USING btree ("user_id",(coalesce("value_usd", 0)),"id") INCLUDE ("is_spam","wallet_id","cex_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transactions_user_from_idx" ON "transactions" USING btree ("user_id",lower("from_address"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transactions_user_to_idx" ON "transactions" USING btree ("user_id",lower("to_address"));
