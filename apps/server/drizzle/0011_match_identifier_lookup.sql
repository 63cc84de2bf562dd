-- Match lookup (issue 8): getMatchResult looks an identifier up among VALIDATED announcements, exactly
-- and through the usual OCR and typing confusions (0/O, 1/I, 8/B, 5/S, 2/Z). Both are one probe of
-- these partial expression indexes: the stored (normalised) identifier with every confusable letter
-- replaced by its digit. `confusionKey` in packages/domain/src/matches/identifier-match.ts is the same
-- mapping; keep them together.
CREATE INDEX IF NOT EXISTS "annonces_validated_plate_key_idx" ON "annonces" (translate("license_plate", 'OIBSZ', '01852')) WHERE "status" = 'VALIDATED' AND "license_plate" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "annonces_validated_vin_key_idx" ON "annonces" (translate("vin", 'OIBSZ', '01852')) WHERE "status" = 'VALIDATED' AND "vin" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "annonces_validated_bicycode_key_idx" ON "annonces" (translate("bicycode", 'OIBSZ', '01852')) WHERE "status" = 'VALIDATED' AND "bicycode" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "annonces_validated_serial_number_key_idx" ON "annonces" (translate("serial_number", 'OIBSZ', '01852')) WHERE "status" = 'VALIDATED' AND "serial_number" IS NOT NULL;
