ALTER TABLE "annonces" ADD COLUMN "found_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "annonces" ADD COLUMN "found_by" text;--> statement-breakpoint
ALTER TABLE "annonces" ADD COLUMN "found_match_report_id" integer;