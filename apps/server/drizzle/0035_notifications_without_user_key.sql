-- Notifications keep their user's id without a foreign key (issue 20). Accounts are never deleted:
-- an erasure keeps the row and deletes the account's notifications itself
-- (src/modules/admin/account-erasure.ts), so the key's cascade never ran. Its check locked each
-- recipient's users row: a row lock and its WAL for every one of a Paris fan-out's 135,000 rows,
-- 35-40 % of a 1,000-row slice's insert, and the fan-out's end moved from 22-24 s to 23-40 s on a
-- 2-core machine (bench/results/notifications-end-to-end-2026-12-04-notes.md, session 41).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk";
