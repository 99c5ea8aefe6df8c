CREATE TABLE "lead_status" (
	"lead_type" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"assignee_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_status" ADD CONSTRAINT "lead_status_assignee_user_id_user_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_status_lead_idx" ON "lead_status" USING btree ("lead_type","lead_id");