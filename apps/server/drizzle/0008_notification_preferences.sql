CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"my_annonces_notifications" boolean DEFAULT true NOT NULL,
	"my_discoveries_notifications" boolean DEFAULT true NOT NULL,
	"my_alerts_notifications" boolean DEFAULT true NOT NULL,
	"new_annonces_close_notifications" boolean DEFAULT true NOT NULL,
	"lampions_notifications" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;