ALTER TABLE "partner" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "partner" ADD COLUMN "logo_content_type" text;