CREATE TABLE "deal_vendor_read" (
	"deal_id" uuid PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal" ADD COLUMN "approved_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "deal_vendor_read" ADD CONSTRAINT "deal_vendor_read_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_stage_idx" ON "deal" USING btree ("stage","last_update");