ALTER TABLE "sign_in_challenges" ADD COLUMN "client_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD COLUMN "failed_proofs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_in_challenges_client_idx" ON "sign_in_challenges" USING btree ("client_hash","address","issued_at");