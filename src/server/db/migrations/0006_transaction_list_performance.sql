-- Transaction list performance: every transaction index declared in the schema (the list indexes of 0004 had
-- INCLUDE columns, which the schema cannot declare; they become trailing key columns), the token and wallet
-- indexes with the id as tie-breaker (exact newest-first order without a sort), an index of counted inflows for
-- the FIFO lots of the fungible summary, and per-month transaction counts kept by triggers, which let the list
-- jump to deep offsets.
CREATE TABLE IF NOT EXISTS "transaction_month_counts" (
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"is_spam" boolean NOT NULL,
	"wallet_id" uuid,
	"cex_id" uuid,
	"count" integer NOT NULL,
	CONSTRAINT "transaction_month_counts_key" UNIQUE NULLS NOT DISTINCT("user_id","month","is_spam","wallet_id","cex_id")
);
--> statement-breakpoint
ALTER TABLE "transaction_month_counts" ADD CONSTRAINT "transaction_month_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP INDEX IF EXISTS "transactions_user_list_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "transactions_user_value_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "transactions_user_token_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "transactions_wallet_created_idx";--> statement-breakpoint
CREATE INDEX "transactions_user_list_idx" ON "transactions" USING btree ("user_id","created_at","id","is_spam","wallet_id","cex_id");--> statement-breakpoint
CREATE INDEX "transactions_user_value_idx" ON "transactions" USING btree ("user_id",coalesce("value_usd", 0),"id","is_spam","wallet_id","cex_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transactions_user_from_idx" ON "transactions" USING btree ("user_id",lower("from_address"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transactions_user_to_idx" ON "transactions" USING btree ("user_id",lower("to_address"));--> statement-breakpoint
CREATE INDEX "transactions_user_token_created_idx" ON "transactions" USING btree ("user_id","token_id","created_at","id","is_spam","wallet_id","cex_id");--> statement-breakpoint
CREATE INDEX "transactions_user_token_inflow_idx" ON "transactions" USING btree ("user_id","token_id","created_at","id","amount","price_usd","wallet_id") WHERE "transactions"."direction" = 'INCOMING' and not "transactions"."is_spam" and not "transactions"."is_error";--> statement-breakpoint
CREATE INDEX "transactions_wallet_created_idx" ON "transactions" USING btree ("wallet_id","created_at","id","is_spam","user_id") WHERE "transactions"."wallet_id" is not null;--> statement-breakpoint
-- Month counts: one statement-level trigger per kind of change, with the changed rows as transition tables, so a
-- bulk insert costs one grouped upsert. Keys are upserted in key order (no deadlock between writers); an update
-- applies only its net change (price fills and kind changes touch no count); months that reach zero go away.
CREATE OR REPLACE FUNCTION "transaction_month_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "transaction_month_counts" ("user_id", "month", "is_spam", "wallet_id", "cex_id", "count")
    SELECT "user_id", date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, "is_spam", "wallet_id", "cex_id", count(*)
      FROM "new_rows" GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("user_id", "month", "is_spam", "wallet_id", "cex_id")
    DO UPDATE SET "count" = "transaction_month_counts"."count" + excluded."count";
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "transaction_month_counts" ("user_id", "month", "is_spam", "wallet_id", "cex_id", "count")
    SELECT "user_id", date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, "is_spam", "wallet_id", "cex_id", -count(*)
      FROM "old_rows"
     -- Rows removed with their user (account deletion): the user's counts go with the user.
     WHERE EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "old_rows"."user_id")
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("user_id", "month", "is_spam", "wallet_id", "cex_id")
    DO UPDATE SET "count" = "transaction_month_counts"."count" + excluded."count";
    GET DIAGNOSTICS changed = ROW_COUNT;
  ELSE
    INSERT INTO "transaction_month_counts" ("user_id", "month", "is_spam", "wallet_id", "cex_id", "count")
    SELECT "user_id", "month", "is_spam", "wallet_id", "cex_id", sum("n")
      FROM (
        SELECT "user_id", date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date AS "month", "is_spam", "wallet_id", "cex_id", 1 AS "n" FROM "new_rows"
        UNION ALL
        SELECT "user_id", date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, "is_spam", "wallet_id", "cex_id", -1 FROM "old_rows"
      ) AS "moved"
     GROUP BY 1, 2, 3, 4, 5 HAVING sum("n") <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("user_id", "month", "is_spam", "wallet_id", "cex_id")
    DO UPDATE SET "count" = "transaction_month_counts"."count" + excluded."count";
    GET DIAGNOSTICS changed = ROW_COUNT;
  END IF;
  IF changed > 0 THEN
    DELETE FROM "transaction_month_counts"
     WHERE "count" = 0 AND "user_id" IN (SELECT DISTINCT "user_id" FROM "old_rows");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "transaction_month_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "transaction_month_counts";
  RETURN NULL;
END $$;--> statement-breakpoint
LOCK TABLE "transactions" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "transactions_month_counts_insert" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transaction_month_counts_apply"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "transactions_month_counts_delete" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transaction_month_counts_apply"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "transactions_month_counts_update" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transaction_month_counts_apply"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "transactions_month_counts_truncate" AFTER TRUNCATE ON "transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_month_counts_clear"();--> statement-breakpoint
DELETE FROM "transaction_month_counts";--> statement-breakpoint
INSERT INTO "transaction_month_counts" ("user_id", "month", "is_spam", "wallet_id", "cex_id", "count")
SELECT "user_id", date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, "is_spam", "wallet_id", "cex_id", count(*)
  FROM "transactions" GROUP BY 1, 2, 3, 4, 5;
