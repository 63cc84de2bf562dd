CREATE TABLE "identifier_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identifier_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"identifier_type" text NOT NULL,
	"identifier" text NOT NULL,
	"annonce_id" integer,
	"outcome" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"is_ocr" boolean DEFAULT false NOT NULL,
	"is_vocal_command" boolean DEFAULT false NOT NULL,
	"is_text" boolean DEFAULT false NOT NULL,
	"lampions_gained" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_report_photos" (
	"match_report_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "match_report_photos_match_report_id_file_id_pk" PRIMARY KEY("match_report_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "match_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "match_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"annonce_id" integer NOT NULL,
	"watcher_id" integer NOT NULL,
	"identifier_check_id" integer,
	"status" text DEFAULT 'TO_VALIDATE' NOT NULL,
	"address" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"department_code" text,
	"vehicle_type_id" integer,
	"brand_id" integer,
	"model_id" integer,
	"model_finish_id" integer,
	"vin" text,
	"color" text,
	"energy" text,
	"description" text,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_id" integer,
	"review_comment" text,
	"restitution_date" timestamp with time zone,
	"destroyed" boolean DEFAULT false NOT NULL,
	"money_gained" numeric(10, 2),
	"lampions_gained" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identifier_checks" ADD CONSTRAINT "identifier_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifier_checks" ADD CONSTRAINT "identifier_checks_annonce_id_annonces_id_fk" FOREIGN KEY ("annonce_id") REFERENCES "public"."annonces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_report_photos" ADD CONSTRAINT "match_report_photos_match_report_id_match_reports_id_fk" FOREIGN KEY ("match_report_id") REFERENCES "public"."match_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_report_photos" ADD CONSTRAINT "match_report_photos_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_reports" ADD CONSTRAINT "match_reports_annonce_id_annonces_id_fk" FOREIGN KEY ("annonce_id") REFERENCES "public"."annonces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_reports" ADD CONSTRAINT "match_reports_watcher_id_users_id_fk" FOREIGN KEY ("watcher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_reports" ADD CONSTRAINT "match_reports_identifier_check_id_identifier_checks_id_fk" FOREIGN KEY ("identifier_check_id") REFERENCES "public"."identifier_checks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_reports" ADD CONSTRAINT "match_reports_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_reports" ADD CONSTRAINT "match_reports_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_reports" ADD CONSTRAINT "match_reports_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_reports" ADD CONSTRAINT "match_reports_model_finish_id_model_finishes_id_fk" FOREIGN KEY ("model_finish_id") REFERENCES "public"."model_finishes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_reports" ADD CONSTRAINT "match_reports_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identifier_checks_user_created_idx" ON "identifier_checks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "identifier_checks_annonce_created_idx" ON "identifier_checks" USING btree ("annonce_id","created_at");--> statement-breakpoint
CREATE INDEX "match_report_photos_report_position_idx" ON "match_report_photos" USING btree ("match_report_id","position");--> statement-breakpoint
CREATE INDEX "match_reports_watcher_created_idx" ON "match_reports" USING btree ("watcher_id","created_at");--> statement-breakpoint
CREATE INDEX "match_reports_annonce_status_idx" ON "match_reports" USING btree ("annonce_id","status");--> statement-breakpoint
CREATE INDEX "match_reports_status_created_idx" ON "match_reports" USING btree ("status","created_at");