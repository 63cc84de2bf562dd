-- The notifications' unique index on (user, dedupe key) now leads with the key (issue 20). A
-- fan-out writes one key for up to 135,000 users: led by the user, its rows landed on nearly every
-- page of this index (180 MB on the benchmark's database), each page's first change after a
-- checkpoint written whole to the WAL; led by the key, they fill a few hundred neighbouring pages.
-- On a 4,000,000-row copy, 135 slices of 1,000 rows after a checkpoint wrote 280-330 MB of WAL with
-- the old order and 126-179 MB with this one (bench/results/notifications-end-to-end-2026-12-04-notes.md,
-- session 42). Conflicts are still found by this index: `on conflict do nothing` takes any unique
-- index, and no query looks a user's rows up by key.
CREATE UNIQUE INDEX "notifications_dedupe_key_user" ON "notifications" USING btree ("dedupe_key","user_id") WHERE "notifications"."dedupe_key" is not null;--> statement-breakpoint
DROP INDEX "notifications_user_dedupe_key";
