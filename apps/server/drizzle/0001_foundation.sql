CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"birthday" date,
	"phone_number" text,
	"country_code" text DEFAULT 'FR' NOT NULL,
	"department_code" text,
	"profession" text,
	"roles" text[] DEFAULT ARRAY['ROLE_INDIVIDUAL_UNCONFIRMED']::text[] NOT NULL,
	"locale" text DEFAULT 'fr' NOT NULL,
	"account_validated_at" timestamp with time zone,
	"is_first_connexion" boolean DEFAULT true NOT NULL,
	"identity_status" text DEFAULT 'NOT_SUBMITTED' NOT NULL,
	"asked_to_be_deleted_at" timestamp with time zone,
	"last_latitude" double precision,
	"last_longitude" double precision,
	"payment_customer_id" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stored_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer,
	"storage_key" text NOT NULL,
	"original_file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"visibility" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_vehicle_types" (
	"brand_id" integer NOT NULL,
	"vehicle_type_id" integer NOT NULL,
	CONSTRAINT "brand_vehicle_types_brand_id_vehicle_type_id_pk" PRIMARY KEY("brand_id","vehicle_type_id")
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"normalized_name" text NOT NULL,
	"activated" boolean DEFAULT true NOT NULL,
	"approved" boolean DEFAULT true NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_finishes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "model_finishes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"model_id" integer NOT NULL,
	"name" text NOT NULL,
	"normalized_name" text NOT NULL,
	"activated" boolean DEFAULT true NOT NULL,
	"approved" boolean DEFAULT true NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"vehicle_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"normalized_name" text NOT NULL,
	"activated" boolean DEFAULT true NOT NULL,
	"approved" boolean DEFAULT true NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "professions" (
	"value" text PRIMARY KEY NOT NULL,
	"text_fr" text NOT NULL,
	"text_en" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"is_licensed" boolean NOT NULL,
	"has_vin" boolean NOT NULL,
	"has_bicycode" boolean NOT NULL,
	"has_serial_number" boolean NOT NULL,
	"has_window_engraving" boolean NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"activated" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communes" (
	"insee_code" text NOT NULL,
	"postal_code" text NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"department_code" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	CONSTRAINT "communes_insee_code_postal_code_pk" PRIMARY KEY("insee_code","postal_code")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region_code" text NOT NULL,
	"region_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "police_stations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "police_stations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text,
	"city" text,
	"insee_code" text,
	"department_code" text,
	"phone_number" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"opening_hours" text,
	"url" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "annonce_photos" (
	"annonce_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "annonce_photos_annonce_id_file_id_pk" PRIMARY KEY("annonce_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "annonces" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "annonces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"is_fast_annonce" boolean DEFAULT false NOT NULL,
	"is_complete" boolean DEFAULT false NOT NULL,
	"creation_step" integer DEFAULT 0 NOT NULL,
	"vehicle_type_id" integer,
	"brand_id" integer,
	"model_id" integer,
	"model_finish_id" integer,
	"license_plate" text,
	"vin" text,
	"bicycode" text,
	"serial_number" text,
	"has_window_engraving" boolean DEFAULT false NOT NULL,
	"color" text,
	"energy" text,
	"fiscal_power" integer,
	"description" text,
	"vehicle_description" text,
	"theft_address" text,
	"theft_latitude" double precision,
	"theft_longitude" double precision,
	"theft_department_code" text,
	"theft_city" text,
	"is_owner" boolean,
	"firstname_owner" text,
	"lastname_owner" text,
	"identity_recto_file_id" integer,
	"identity_verso_file_id" integer,
	"carte_grise_file_id" integer,
	"plainte_file_id" integer,
	"assurance_file_id" integer,
	"insurance_company" text,
	"insurance_contract" text,
	"additional_reward_level" integer DEFAULT 0 NOT NULL,
	"additional_reward_amount" numeric(10, 2) DEFAULT 0 NOT NULL,
	"boost_end_date" timestamp with time zone,
	"nb_views" integer DEFAULT 0 NOT NULL,
	"needs_reminder_notification" boolean DEFAULT false NOT NULL,
	"asked_to_be_deleted_at" timestamp with time zone,
	"refusal_comment" text,
	"published_at" timestamp with time zone,
	"validated_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_vehicle_types" ADD CONSTRAINT "brand_vehicle_types_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_vehicle_types" ADD CONSTRAINT "brand_vehicle_types_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_finishes" ADD CONSTRAINT "model_finishes_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_finishes" ADD CONSTRAINT "model_finishes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communes" ADD CONSTRAINT "communes_department_code_departments_code_fk" FOREIGN KEY ("department_code") REFERENCES "public"."departments"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annonce_photos" ADD CONSTRAINT "annonce_photos_annonce_id_annonces_id_fk" FOREIGN KEY ("annonce_id") REFERENCES "public"."annonces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annonce_photos" ADD CONSTRAINT "annonce_photos_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annonces" ADD CONSTRAINT "annonces_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annonces" ADD CONSTRAINT "annonces_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annonces" ADD CONSTRAINT "annonces_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annonces" ADD CONSTRAINT "annonces_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annonces" ADD CONSTRAINT "annonces_model_finish_id_model_finishes_id_fk" FOREIGN KEY ("model_finish_id") REFERENCES "public"."model_finishes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annonces" ADD CONSTRAINT "annonces_identity_recto_file_id_stored_files_id_fk" FOREIGN KEY ("identity_recto_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annonces" ADD CONSTRAINT "annonces_identity_verso_file_id_stored_files_id_fk" FOREIGN KEY ("identity_verso_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annonces" ADD CONSTRAINT "annonces_carte_grise_file_id_stored_files_id_fk" FOREIGN KEY ("carte_grise_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annonces" ADD CONSTRAINT "annonces_plainte_file_id_stored_files_id_fk" FOREIGN KEY ("plainte_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annonces" ADD CONSTRAINT "annonces_assurance_file_id_stored_files_id_fk" FOREIGN KEY ("assurance_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_identity_status_idx" ON "users" USING btree ("identity_status");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_storage_key_key" ON "stored_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "brand_vehicle_types_type_idx" ON "brand_vehicle_types" USING btree ("vehicle_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_normalized_name_approved_key" ON "brands" USING btree ("normalized_name") WHERE "brands"."approved";--> statement-breakpoint
CREATE INDEX "brands_created_by_idx" ON "brands" USING btree ("created_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "model_finishes_model_name_approved_key" ON "model_finishes" USING btree ("model_id","normalized_name") WHERE "model_finishes"."approved";--> statement-breakpoint
CREATE INDEX "model_finishes_model_idx" ON "model_finishes" USING btree ("model_id");--> statement-breakpoint
CREATE UNIQUE INDEX "models_brand_type_name_approved_key" ON "models" USING btree ("brand_id","vehicle_type_id","normalized_name") WHERE "models"."approved";--> statement-breakpoint
CREATE INDEX "models_type_brand_idx" ON "models" USING btree ("vehicle_type_id","brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_types_code_key" ON "vehicle_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "communes_postal_code_idx" ON "communes" USING btree ("postal_code");--> statement-breakpoint
CREATE INDEX "communes_search_name_idx" ON "communes" USING btree ("search_name");--> statement-breakpoint
CREATE INDEX "communes_department_idx" ON "communes" USING btree ("department_code");--> statement-breakpoint
CREATE UNIQUE INDEX "police_stations_kind_source_key" ON "police_stations" USING btree ("kind","source_key");--> statement-breakpoint
CREATE INDEX "police_stations_lat_lng_idx" ON "police_stations" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "annonce_photos_annonce_position_idx" ON "annonce_photos" USING btree ("annonce_id","position");--> statement-breakpoint
CREATE INDEX "annonces_owner_idx" ON "annonces" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "annonces_status_validated_at_idx" ON "annonces" USING btree ("status","validated_at");--> statement-breakpoint
CREATE INDEX "annonces_license_plate_idx" ON "annonces" USING btree ("license_plate");--> statement-breakpoint
CREATE INDEX "annonces_vin_idx" ON "annonces" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "annonces_bicycode_idx" ON "annonces" USING btree ("bicycode");--> statement-breakpoint
CREATE INDEX "annonces_serial_number_idx" ON "annonces" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "annonces_type_brand_model_idx" ON "annonces" USING btree ("vehicle_type_id","brand_id","model_id");