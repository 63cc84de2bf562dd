-- Photo dimensions (issue 17): the web app reserves each photo's space before it loads (width and height
-- attributes), and chooses among its WebP sizes. Null for documents and for photos stored before this
-- column; the files module fills them the first time it makes a size of such a photo.
ALTER TABLE "stored_files" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "height" integer;