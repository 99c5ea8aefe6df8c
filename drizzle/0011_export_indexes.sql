CREATE INDEX "calculator_lead_created_idx" ON "calculator_lead" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "credit_application_created_idx" ON "credit_application" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "deal_created_idx" ON "deal" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "footer_message_created_idx" ON "footer_message" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "picked_option_created_idx" ON "picked_option" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "questionnaire_answer_created_idx" ON "questionnaire_answer" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "vendor_contact_created_idx" ON "vendor_contact" USING btree ("created_at","id");