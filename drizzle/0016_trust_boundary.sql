ALTER TABLE "adverse_action_notice" ADD COLUMN "recipient_email" text;
--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD COLUMN "redelivery" boolean DEFAULT false NOT NULL;
