CREATE TABLE "invoice_issues" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"invoice_id" uuid,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"reason" text,
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"token_address" text,
	"token_symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"value" numeric,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_network_tx_hash_key" UNIQUE("network","tx_hash")
);
--> statement-breakpoint
CREATE TABLE "payment_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"method" text NOT NULL,
	"tx_hash" text,
	"email" text,
	"check_state" text DEFAULT 'DONE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_watch_cursors" (
	"network" text PRIMARY KEY NOT NULL,
	"next_block" bigint NOT NULL,
	"leased_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "marked_paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "marked_note" text;--> statement-breakpoint
ALTER TABLE "invoice_issues" ADD CONSTRAINT "invoice_issues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_issues_user_issued_idx" ON "invoice_issues" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_user_status_idx" ON "invoice_payments" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "payment_claims_invoice_idx" ON "payment_claims" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payment_claims_check_idx" ON "payment_claims" USING btree ("check_state");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_key" ON "mail_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "invoices_receiving_idx" ON "invoices" USING btree ("network","wallet_address");--> statement-breakpoint--> statement-breakpoint
UPDATE "invoices" i SET "sent_at" = d."updated_at" FROM "documents" d WHERE d."id" = i."document_id" AND d."state" IS NOT NULL AND d."state" <> 'DRAFT';--> statement-breakpoint
UPDATE "invoices" i SET "paid_at" = d."updated_at", "marked_paid" = true FROM "documents" d WHERE d."id" = i."document_id" AND d."state" = 'PAID';--> statement-breakpoint
INSERT INTO "invoice_issues" ("invoice_id", "user_id", "issued_at") SELECT i."id", i."user_id", COALESCE(i."sent_at", d."created_at") FROM "invoices" i JOIN "documents" d ON d."id" = i."document_id" WHERE d."state" IS NOT NULL AND d."state" <> 'DRAFT' ON CONFLICT DO NOTHING;
