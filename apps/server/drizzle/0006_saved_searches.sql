CREATE TABLE "saved_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"research_text" text,
	"research_sorting" text,
	"address" text,
	"location_radius" integer,
	"latitude" double precision,
	"longitude" double precision,
	"vehicle_type_ids" integer[] DEFAULT '{}' NOT NULL,
	"brand_ids" integer[] DEFAULT '{}' NOT NULL,
	"model_ids" integer[] DEFAULT '{}' NOT NULL,
	"model_finish_ids" integer[] DEFAULT '{}' NOT NULL,
	"colors" text[] DEFAULT '{}' NOT NULL,
	"energies" text[] DEFAULT '{}' NOT NULL,
	"min_fiscal_power" integer,
	"max_fiscal_power" integer,
	"criteria_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_criteria_idx" ON "saved_searches" USING btree ("user_id","criteria_key");