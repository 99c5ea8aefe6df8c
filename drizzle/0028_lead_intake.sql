CREATE TABLE "lead_intake" (
	"lead_type" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"source" text NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"due_minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "lead_intake_lead_type_lead_id_pk" PRIMARY KEY("lead_type","lead_id")
);
