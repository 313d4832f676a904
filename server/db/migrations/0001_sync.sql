CREATE SEQUENCE "public"."sync_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "letter_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"letter_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"content" text NOT NULL,
	"answers" jsonb NOT NULL,
	"reason" text NOT NULL,
	"version" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "letter_versions_reason_check" CHECK ("letter_versions"."reason" in ('edited', 'regenerated', 'restored'))
);
--> statement-breakpoint
CREATE TABLE "letters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"sender_name" text NOT NULL,
	"sender_address" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_address" text NOT NULL,
	"matter" text NOT NULL,
	"resolution" text NOT NULL,
	"content" text NOT NULL,
	"status" text NOT NULL,
	"generator" text NOT NULL,
	"error" text,
	"subscription_id" text,
	"edited_elsewhere_at" timestamp with time zone,
	"content_client_id" uuid,
	"version" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "letters_status_check" CHECK ("letters"."status" in ('generating', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sync_clients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"last_mutation_id" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"owner_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" jsonb,
	"version" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_settings_pkey" PRIMARY KEY("owner_id","key")
);
--> statement-breakpoint
ALTER TABLE "letter_versions" ADD CONSTRAINT "letter_versions_letter_id_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_versions" ADD CONSTRAINT "letter_versions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_clients" ADD CONSTRAINT "sync_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "letter_versions_owner_id_version_idx" ON "letter_versions" USING btree ("owner_id","version");--> statement-breakpoint
CREATE INDEX "letter_versions_letter_id_idx" ON "letter_versions" USING btree ("letter_id");--> statement-breakpoint
CREATE INDEX "letters_owner_id_version_idx" ON "letters" USING btree ("owner_id","version");--> statement-breakpoint
CREATE INDEX "sync_clients_user_id_idx" ON "sync_clients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_settings_owner_id_version_idx" ON "user_settings" USING btree ("owner_id","version");