CREATE TABLE "deal_approval" (
	"deal_id" uuid PRIMARY KEY NOT NULL,
	"answer_id" uuid NOT NULL,
	"presented_by_user_id" text NOT NULL,
	"presented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_on" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_approval" ADD CONSTRAINT "deal_approval_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_approval" ADD CONSTRAINT "deal_approval_answer_id_funder_answer_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."funder_answer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_approval" ADD CONSTRAINT "deal_approval_presented_by_user_id_user_id_fk" FOREIGN KEY ("presented_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;