CREATE TABLE "annonce_sighting_notices" (
	"annonce_id" integer PRIMARY KEY NOT NULL,
	"notified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "annonces" ADD COLUMN "police_report_number" text;--> statement-breakpoint
ALTER TABLE "annonce_sighting_notices" ADD CONSTRAINT "annonce_sighting_notices_annonce_id_annonces_id_fk" FOREIGN KEY ("annonce_id") REFERENCES "public"."annonces"("id") ON DELETE cascade ON UPDATE no action;