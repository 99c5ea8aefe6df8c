-- The step-up window counts from the last factor proved (sign-in or confirm-identity), no longer from the session's start.
ALTER TABLE "session" RENAME COLUMN "reauthenticated_at" TO "factor_verified_at";--> statement-breakpoint
-- No device can be trusted to skip two-factor any more: the ones trusted before are forgotten.
DELETE FROM "verification" WHERE "identifier" LIKE 'trust-device-%';
