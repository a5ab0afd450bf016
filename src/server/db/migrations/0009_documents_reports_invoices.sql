CREATE TABLE "document_exchanges" (
	"document_id" uuid NOT NULL,
	"exchange_id" uuid NOT NULL,
	CONSTRAINT "document_exchanges_pkey" PRIMARY KEY("document_id","exchange_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"template" text DEFAULT 'DEFAULT' NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"vendor" text DEFAULT '' NOT NULL,
	"project_name" text DEFAULT '' NOT NULL,
	"covering_period" text DEFAULT '' NOT NULL,
	"issued_at" date,
	"expires_at" date,
	"fiat_currency" text DEFAULT 'USD' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"contact_id" uuid,
	"contact" jsonb,
	"owner" jsonb,
	"wallet_id" uuid,
	"network" text,
	"wallet_address" text,
	"token_id" text,
	"token_symbol" text,
	"token_name" text,
	"token_image_url" text,
	"contract_address" text,
	"is_ftc" boolean DEFAULT false NOT NULL,
	"ftc" jsonb,
	"download_only" boolean DEFAULT false NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_amount" numeric DEFAULT '0' NOT NULL,
	"total_tax_amount" numeric DEFAULT '0' NOT NULL,
	"total_base_amount" numeric DEFAULT '0' NOT NULL,
	"total_tax_percentage" numeric DEFAULT '0' NOT NULL,
	"value_fiat" numeric,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_document_id_key" UNIQUE("document_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity" numeric NOT NULL,
	"unit_price" numeric NOT NULL,
	"discount" numeric DEFAULT '0' NOT NULL,
	"discount_is_percent" boolean DEFAULT false NOT NULL,
	"tax" numeric DEFAULT '0' NOT NULL,
	"tax_is_percent" boolean DEFAULT true NOT NULL,
	"total_amount" numeric NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "all_wallets" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "quickbooks_url" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "document_exchanges" ADD CONSTRAINT "document_exchanges_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_exchanges" ADD CONSTRAINT "document_exchanges_exchange_id_centralised_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."centralised_exchanges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_exchanges_exchange_idx" ON "document_exchanges" USING btree ("exchange_id","document_id");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invoices_contact_idx" ON "invoices" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "documents_user_created_idx" ON "documents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_user_idempotency_key" ON "documents" USING btree ("user_id","idempotency_key");