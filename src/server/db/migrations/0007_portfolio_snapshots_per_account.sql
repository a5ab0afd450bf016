-- Snapshots per wallet and exchange account (account_key 'w:<id>' / 'c:<id>'); rows from before keep the user's
-- daily total under account_key 'all'.
ALTER TABLE "portfolio_snapshots" DROP CONSTRAINT "portfolio_snapshots_user_id_measured_on_pk";--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ADD COLUMN "account_key" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ADD COLUMN "wallet_id" uuid;--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ADD COLUMN "cex_id" uuid;--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ADD CONSTRAINT "portfolio_snapshots_user_id_measured_on_account_key_pk" PRIMARY KEY("user_id","measured_on","account_key");--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ADD CONSTRAINT "portfolio_snapshots_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ADD CONSTRAINT "portfolio_snapshots_cex_id_centralised_exchanges_id_fk" FOREIGN KEY ("cex_id") REFERENCES "public"."centralised_exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_snapshots_wallet_idx" ON "portfolio_snapshots" USING btree ("wallet_id");--> statement-breakpoint
CREATE INDEX "portfolio_snapshots_cex_idx" ON "portfolio_snapshots" USING btree ("cex_id");
