CREATE TABLE "funder_answer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"amount_cents" bigint,
	"term_months" integer,
	"payment_cents" bigint,
	"rate_basis_points" integer,
	"down_payment_cents" bigint,
	"fees_cents" bigint,
	"expires_on" date,
	"conditions" text DEFAULT '' NOT NULL,
	"decline_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"entered_by_user_id" text NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funder_submission" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"funder_id" uuid NOT NULL,
	"submitted_by_user_id" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "funder_answer" ADD CONSTRAINT "funder_answer_submission_id_funder_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."funder_submission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funder_answer" ADD CONSTRAINT "funder_answer_entered_by_user_id_user_id_fk" FOREIGN KEY ("entered_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funder_submission" ADD CONSTRAINT "funder_submission_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funder_submission" ADD CONSTRAINT "funder_submission_funder_id_funder_id_fk" FOREIGN KEY ("funder_id") REFERENCES "public"."funder"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funder_submission" ADD CONSTRAINT "funder_submission_submitted_by_user_id_user_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funder_answer_submission_idx" ON "funder_answer" USING btree ("submission_id","entered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "funder_submission_deal_funder_idx" ON "funder_submission" USING btree ("deal_id","funder_id");