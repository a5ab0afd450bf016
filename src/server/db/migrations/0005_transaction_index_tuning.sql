ALTER TABLE "transactions" DROP CONSTRAINT "transactions_cex_external_key";--> statement-breakpoint
DROP INDEX "transactions_user_created_idx";--> statement-breakpoint
DROP INDEX "transactions_wallet_created_idx";--> statement-breakpoint
DROP INDEX "transactions_cex_created_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_cex_external_key" ON "transactions" USING btree ("cex_id","external_id") WHERE "transactions"."cex_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_wallet_created_idx" ON "transactions" USING btree ("wallet_id","created_at") WHERE "transactions"."wallet_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_cex_created_idx" ON "transactions" USING btree ("cex_id","created_at") WHERE "transactions"."cex_id" is not null;