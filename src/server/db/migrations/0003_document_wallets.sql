CREATE TABLE "document_wallets" (
	"document_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	CONSTRAINT "document_wallets_pkey" PRIMARY KEY("document_id","wallet_id")
);
--> statement-breakpoint
ALTER TABLE "document_wallets" ADD CONSTRAINT "document_wallets_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_wallets" ADD CONSTRAINT "document_wallets_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_wallets_wallet_idx" ON "document_wallets" USING btree ("wallet_id","document_id");