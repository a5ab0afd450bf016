CREATE TABLE "token_balances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"wallet_id" uuid,
	"cex_id" uuid,
	"network" text,
	"token_id" text NOT NULL,
	"token_address" text,
	"token_symbol" text NOT NULL,
	"token_name" text NOT NULL,
	"token_decimals" integer NOT NULL,
	"token_image" text,
	"amount" numeric(78, 0) NOT NULL,
	"price_usd" numeric,
	"value_usd" numeric,
	"is_spam" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_balances_wallet_token_key" UNIQUE("wallet_id","token_id"),
	CONSTRAINT "token_balances_cex_token_key" UNIQUE("cex_id","token_id")
);
--> statement-breakpoint
CREATE TABLE "nft_holdings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"network" text NOT NULL,
	"contract_address" text NOT NULL,
	"nft_id" text NOT NULL,
	"standard" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"collection" text DEFAULT '' NOT NULL,
	"image_url" text,
	"metadata_url" text,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	"price" numeric,
	"price_currency" text,
	"is_price_synced" boolean DEFAULT false NOT NULL,
	"metadata_fetched_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_holdings_wallet_item_key" UNIQUE("wallet_id","network","contract_address","nft_id")
);
--> statement-breakpoint
CREATE TABLE "sync_cursors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_id" uuid,
	"cex_id" uuid,
	"kind" text NOT NULL,
	"last_block" bigint,
	"last_txid" text,
	"since" timestamp with time zone,
	"status" text DEFAULT 'IDLE' NOT NULL,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_cursors_wallet_kind_key" UNIQUE("wallet_id","kind"),
	CONSTRAINT "sync_cursors_cex_kind_key" UNIQUE("cex_id","kind")
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"per_usd" numeric NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_day_currency_pk" PRIMARY KEY("day","currency")
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"token_key" text NOT NULL,
	"resolution" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"price_usd" numeric,
	"source" text DEFAULT '' NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_history_token_key_resolution_bucket_start_pk" PRIMARY KEY("token_key","resolution","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "portfolio_snapshots" (
	"user_id" uuid NOT NULL,
	"measured_on" date NOT NULL,
	"value_usd" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_snapshots_user_id_measured_on_pk" PRIMARY KEY("user_id","measured_on")
);
--> statement-breakpoint
DROP INDEX "transactions_user_id_idx";--> statement-breakpoint
DROP INDEX "transactions_wallet_id_idx";--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "sync_error" text;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "tx_limit_reached" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "last_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "centralised_exchanges" ADD COLUMN "api_key_sealed" text NOT NULL;--> statement-breakpoint
ALTER TABLE "centralised_exchanges" ADD COLUMN "secret_key_sealed" text NOT NULL;--> statement-breakpoint
ALTER TABLE "centralised_exchanges" ADD COLUMN "api_key_hint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "centralised_exchanges" ADD COLUMN "is_synchronized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "centralised_exchanges" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "centralised_exchanges" ADD COLUMN "total_balance" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "centralised_exchanges" ADD COLUMN "last_activity" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "centralised_exchanges" ADD COLUMN "last_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "centralised_exchanges" ADD COLUMN "tx_limit_reached" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "cex_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "tx_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "log_index" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "inserted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "direction" text NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "from_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "to_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "amount" numeric(78, 0) NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "token_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "token_address" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "token_symbol" text NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "token_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "token_decimals" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "token_image" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "kind" text DEFAULT 'TRANSFER' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "gas" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "gas_price" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "fee" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "fee_token_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "price_usd" numeric;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "value_usd" numeric;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "price_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "nft_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "nft_image_url" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "nft_url" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "swapped_amount" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "swapped_token" jsonb;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "axie_breed_axs_cost" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "axie_breed_slp_cost" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "is_spam" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "is_error" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "token_balances" ADD CONSTRAINT "token_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_balances" ADD CONSTRAINT "token_balances_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_balances" ADD CONSTRAINT "token_balances_cex_id_centralised_exchanges_id_fk" FOREIGN KEY ("cex_id") REFERENCES "public"."centralised_exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_holdings" ADD CONSTRAINT "nft_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_holdings" ADD CONSTRAINT "nft_holdings_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_cursors" ADD CONSTRAINT "sync_cursors_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_cursors" ADD CONSTRAINT "sync_cursors_cex_id_centralised_exchanges_id_fk" FOREIGN KEY ("cex_id") REFERENCES "public"."centralised_exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ADD CONSTRAINT "portfolio_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "token_balances_user_idx" ON "token_balances" USING btree ("user_id","token_id");--> statement-breakpoint
CREATE INDEX "nft_holdings_user_idx" ON "nft_holdings" USING btree ("user_id","acquired_at");--> statement-breakpoint
CREATE INDEX "sync_cursors_next_run_idx" ON "sync_cursors" USING btree ("next_run_at");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_cex_id_centralised_exchanges_id_fk" FOREIGN KEY ("cex_id") REFERENCES "public"."centralised_exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_user_created_idx" ON "transactions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_user_token_created_idx" ON "transactions" USING btree ("user_id","token_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_wallet_created_idx" ON "transactions" USING btree ("wallet_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_cex_created_idx" ON "transactions" USING btree ("cex_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_user_hash_idx" ON "transactions" USING btree ("user_id","tx_hash");--> statement-breakpoint
CREATE INDEX "transactions_price_missing_idx" ON "transactions" USING btree ("price_checked_at") WHERE "transactions"."price_usd" is null;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_wallet_event_key" UNIQUE("wallet_id","network","tx_hash","log_index");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_cex_external_key" UNIQUE("cex_id","external_id");