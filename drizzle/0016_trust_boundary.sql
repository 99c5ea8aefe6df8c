-- Retention (issue 27): the purge finds expired duplicate match keys and quotes through an index.
CREATE INDEX IF NOT EXISTS "duplicate_match_key_created_idx" ON "duplicate_match_key" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vendor_quote_last_activity_idx" ON "vendor_quote" USING btree (greatest("created_at", "sent_at", "opened_at", "applied_at", "withdrawn_at"));
