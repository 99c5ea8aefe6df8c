CREATE TABLE "funder" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"programs" text[] NOT NULL,
	"min_credit_score" integer,
	"min_months_in_business" integer,
	"min_amount_cents" bigint,
	"max_amount_cents" bigint,
	"industries" text[] DEFAULT '{}'::text[] NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "funder_name_key" ON "funder" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "funder_active_name_idx" ON "funder" USING btree ("active","name");