CREATE TABLE "annonce_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "annonce_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"annonce_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "annonce_views" (
	"annonce_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annonce_views_annonce_id_user_id_pk" PRIMARY KEY("annonce_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" integer NOT NULL,
	"annonce_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_annonce_id_pk" PRIMARY KEY("user_id","annonce_id")
);
--> statement-breakpoint
CREATE TABLE "payment_promises" (
	"annonce_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"is_licensed" boolean NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"additional_reward_amount" numeric(10, 2) NOT NULL,
	"total" numeric(10, 2) NOT NULL,
	"status" text DEFAULT 'PROMISED' NOT NULL,
	"promised_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "annonces" ADD COLUMN "owner_attestation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "annonces" ADD COLUMN "completion_deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "annonces" ADD COLUMN "completion_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "annonce_events" ADD CONSTRAINT "annonce_events_annonce_id_annonces_id_fk" FOREIGN KEY ("annonce_id") REFERENCES "public"."annonces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annonce_events" ADD CONSTRAINT "annonce_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annonce_views" ADD CONSTRAINT "annonce_views_annonce_id_annonces_id_fk" FOREIGN KEY ("annonce_id") REFERENCES "public"."annonces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annonce_views" ADD CONSTRAINT "annonce_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_annonce_id_annonces_id_fk" FOREIGN KEY ("annonce_id") REFERENCES "public"."annonces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_promises" ADD CONSTRAINT "payment_promises_annonce_id_annonces_id_fk" FOREIGN KEY ("annonce_id") REFERENCES "public"."annonces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_promises" ADD CONSTRAINT "payment_promises_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annonce_events_unhandled_idx" ON "annonce_events" USING btree ("handled_at","id");--> statement-breakpoint
CREATE INDEX "annonce_events_annonce_idx" ON "annonce_events" USING btree ("annonce_id");--> statement-breakpoint
CREATE INDEX "annonce_views_user_idx" ON "annonce_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "favourites_annonce_idx" ON "favourites" USING btree ("annonce_id");--> statement-breakpoint
CREATE INDEX "payment_promises_user_idx" ON "payment_promises" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "annonces_completion_deadline_idx" ON "annonces" USING btree ("completion_deadline_at");