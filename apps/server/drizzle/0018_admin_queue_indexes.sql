-- Back office queues and user search at national scale (issue 6): each reads a few rows of a big
-- table, so each gets a partial or trigram index instead of a scan of millions of rows.
CREATE INDEX "annonces_to_validate_idx" ON "annonces" USING btree ("published_at", "id")
  WHERE "status" = 'TO_VALIDATE';
--> statement-breakpoint
CREATE INDEX "annonces_deletion_asked_idx" ON "annonces" USING btree ("asked_to_be_deleted_at", "id")
  WHERE "asked_to_be_deleted_at" IS NOT NULL AND "status" <> 'DELETED';
--> statement-breakpoint
CREATE INDEX "users_deletion_asked_idx" ON "users" USING btree ("asked_to_be_deleted_at", "id")
  WHERE "asked_to_be_deleted_at" IS NOT NULL AND cardinality("roles") > 0;
--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX "users_admin_search_trgm_idx" ON "users"
  USING gin ("username" gin_trgm_ops, "firstname" gin_trgm_ops, "lastname" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "brands_unapproved_idx" ON "brands" USING btree ("created_at", "id") WHERE NOT "approved";
--> statement-breakpoint
CREATE INDEX "models_unapproved_idx" ON "models" USING btree ("created_at", "id") WHERE NOT "approved";
--> statement-breakpoint
CREATE INDEX "model_finishes_unapproved_idx" ON "model_finishes" USING btree ("created_at", "id")
  WHERE NOT "approved";
--> statement-breakpoint
CREATE INDEX "feedback_messages_created_idx" ON "feedback_messages" USING btree ("created_at", "id");
