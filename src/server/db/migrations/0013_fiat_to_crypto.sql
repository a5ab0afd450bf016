CREATE TABLE "ftc_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"partner_user_uuid" text,
	"kyc" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"wallet_id" uuid,
	"wallet_address" text,
	"network" text,
	"token" text,
	"target_address_type" text,
	"target_address_vasp" text,
	"bank_uuid" text,
	"bank_iban" text,
	"bank_bic" text,
	"session_sealed" text,
	"session_handle_hash" text,
	"otp_requested_at" timestamp with time zone,
	"otp_serial" integer DEFAULT 0 NOT NULL,
	"session_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ftc_profiles_partner_user_uuid_key" UNIQUE("partner_user_uuid"),
	CONSTRAINT "ftc_profiles_bank_uuid_key" UNIQUE("bank_uuid")
);
--> statement-breakpoint
CREATE TABLE "ftc_payment_refs" (
	"reference" text PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ftc_payment_refs_invoice_id_key" UNIQUE("invoice_id")
);
--> statement-breakpoint
CREATE TABLE "ftc_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_transfer_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"invoice_id" uuid,
	"amount" numeric(20, 2) NOT NULL,
	"currency" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ftc_transfers_partner_transfer_id_key" UNIQUE("partner_transfer_id")
);
--> statement-breakpoint
CREATE TABLE "ftc_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ftc_profiles" ADD CONSTRAINT "ftc_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ftc_profiles" ADD CONSTRAINT "ftc_profiles_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ftc_payment_refs" ADD CONSTRAINT "ftc_payment_refs_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ftc_payment_refs" ADD CONSTRAINT "ftc_payment_refs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ftc_transfers" ADD CONSTRAINT "ftc_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ftc_transfers" ADD CONSTRAINT "ftc_transfers_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ftc_transfers_user_idx" ON "ftc_transfers" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "ftc_transfers_invoice_idx" ON "ftc_transfers" USING btree ("invoice_id");