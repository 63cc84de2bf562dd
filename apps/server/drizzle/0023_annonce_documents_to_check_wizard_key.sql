ALTER TABLE "annonces" ADD COLUMN "documents_to_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "annonces" ADD COLUMN "wizard_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "annonces_owner_wizard_key_idx" ON "annonces" USING btree ("owner_id","wizard_key");