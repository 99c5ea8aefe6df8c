ALTER TABLE "deal" ADD COLUMN "approved_amount" numeric(14, 2);--> statement-breakpoint
CREATE INDEX "deal_stage_idx" ON "deal" USING btree ("stage","last_update");