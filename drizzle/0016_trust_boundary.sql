ALTER TABLE "adverse_action_notice" ADD COLUMN "recipient_email" text;
