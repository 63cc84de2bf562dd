ALTER TABLE "communes" ADD COLUMN "population" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "communes_search_name_prefix_idx" ON "communes" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "communes_postal_code_prefix_idx" ON "communes" USING btree ("postal_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "communes_search_name_trgm_idx" ON "communes" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "communes_lat_lng_idx" ON "communes" USING btree ("latitude","longitude");