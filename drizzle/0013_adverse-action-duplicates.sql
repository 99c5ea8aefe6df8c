CREATE TABLE "adverse_action_notice" (
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"statement" text DEFAULT 'reasons' NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"other_reason" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by_user_id" text,
	"sent_to" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_application_decision" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"decision" text NOT NULL,
	"received_on" date NOT NULL,
	"decided_on" date NOT NULL,
	"notice_sent_on" date,
	"decided_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duplicate_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"newer_type" text NOT NULL,
	"newer_id" uuid NOT NULL,
	"earlier_type" text NOT NULL,
	"earlier_id" uuid NOT NULL,
	"reasons" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by_user_id" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duplicate_match_key" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_type" text NOT NULL,
	"record_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "adverse_action_notice" ADD CONSTRAINT "adverse_action_notice_sent_by_user_id_user_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_application_decision" ADD CONSTRAINT "credit_application_decision_application_id_credit_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_application_decision" ADD CONSTRAINT "credit_application_decision_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_link" ADD CONSTRAINT "duplicate_link_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adverse_action_notice_subject_idx" ON "adverse_action_notice" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "credit_application_decision_declined_idx" ON "credit_application_decision" USING btree ("decision","notice_sent_on");--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_link_pair_idx" ON "duplicate_link" USING btree ("newer_type","newer_id","earlier_type","earlier_id");--> statement-breakpoint
CREATE INDEX "duplicate_link_earlier_idx" ON "duplicate_link" USING btree ("earlier_type","earlier_id");--> statement-breakpoint
CREATE INDEX "duplicate_link_status_idx" ON "duplicate_link" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "duplicate_match_key_lookup_idx" ON "duplicate_match_key" USING btree ("key_hash","created_at");--> statement-breakpoint
CREATE INDEX "duplicate_match_key_record_idx" ON "duplicate_match_key" USING btree ("record_type","record_id");