CREATE TABLE "agreement_template_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"template_version" integer NOT NULL,
	"title" text NOT NULL,
	"signer_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"page_count" integer NOT NULL,
	"pages" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_document_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "signing_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"signer_id" uuid,
	"document_id" uuid,
	"actor_user_id" text,
	"kind" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"signer_id" uuid NOT NULL,
	"link_token_hash" text NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"in_person_host_user_id" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"codes_sent" integer DEFAULT 0 NOT NULL,
	"session_token_hash" text,
	"session_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_link_link_token_hash_unique" UNIQUE("link_token_hash"),
	CONSTRAINT "signing_link_session_token_hash_unique" UNIQUE("session_token_hash")
);
--> statement-breakpoint
CREATE TABLE "signing_package" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"in_order" boolean DEFAULT false NOT NULL,
	"created_by_user_id" text NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by_user_id" text,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_reason" text DEFAULT '' NOT NULL,
	"ended_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_sealed_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"document_id" uuid,
	"title" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"deal_document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_sealed_file_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "signing_signer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"signs_for_business" boolean DEFAULT false NOT NULL,
	"guarantor" boolean DEFAULT false NOT NULL,
	"notified_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"code_verified_at" timestamp with time zone,
	"consented_at" timestamp with time zone,
	"first_viewed_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text DEFAULT '' NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"in_person_host_user_id" text,
	"adopted_name" text,
	"adopted_initials" text,
	"adopted_kind" text,
	"drawn_png" text,
	"drawn_initials_png" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_template_version" ADD CONSTRAINT "agreement_template_version_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_document" ADD CONSTRAINT "signing_document_package_id_signing_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."signing_package"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_document" ADD CONSTRAINT "signing_document_signer_id_signing_signer_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signing_signer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_event" ADD CONSTRAINT "signing_event_package_id_signing_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."signing_package"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_event" ADD CONSTRAINT "signing_event_signer_id_signing_signer_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signing_signer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_event" ADD CONSTRAINT "signing_event_document_id_signing_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."signing_document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_event" ADD CONSTRAINT "signing_event_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_link" ADD CONSTRAINT "signing_link_signer_id_signing_signer_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signing_signer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_link" ADD CONSTRAINT "signing_link_in_person_host_user_id_user_id_fk" FOREIGN KEY ("in_person_host_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_package" ADD CONSTRAINT "signing_package_deal_id_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_package" ADD CONSTRAINT "signing_package_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_package" ADD CONSTRAINT "signing_package_sent_by_user_id_user_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_package" ADD CONSTRAINT "signing_package_ended_by_user_id_user_id_fk" FOREIGN KEY ("ended_by_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_sealed_file" ADD CONSTRAINT "signing_sealed_file_package_id_signing_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."signing_package"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_sealed_file" ADD CONSTRAINT "signing_sealed_file_document_id_signing_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."signing_document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_sealed_file" ADD CONSTRAINT "signing_sealed_file_deal_document_id_deal_document_id_fk" FOREIGN KEY ("deal_document_id") REFERENCES "public"."deal_document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_signer" ADD CONSTRAINT "signing_signer_package_id_signing_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."signing_package"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_signer" ADD CONSTRAINT "signing_signer_in_person_host_user_id_user_id_fk" FOREIGN KEY ("in_person_host_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_template_version_key" ON "agreement_template_version" USING btree ("kind","version");--> statement-breakpoint
CREATE INDEX "signing_document_package_idx" ON "signing_document" USING btree ("package_id","position");--> statement-breakpoint
CREATE INDEX "signing_event_package_idx" ON "signing_event" USING btree ("package_id","at");--> statement-breakpoint
CREATE INDEX "signing_link_signer_idx" ON "signing_link" USING btree ("signer_id","created_at");--> statement-breakpoint
CREATE INDEX "signing_package_deal_idx" ON "signing_package" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_package_open_key" ON "signing_package" USING btree ("deal_id") WHERE "signing_package"."status" in ('draft', 'sent');--> statement-breakpoint
CREATE INDEX "signing_package_sent_idx" ON "signing_package" USING btree ("sent_at") WHERE "signing_package"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "signing_sealed_file_sha256_idx" ON "signing_sealed_file" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "signing_sealed_file_package_idx" ON "signing_sealed_file" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "signing_signer_package_idx" ON "signing_signer" USING btree ("package_id","position");