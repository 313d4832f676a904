-- Guided questions' answers and reply tracking (decision 030): a letter keeps its answers as one
-- JSON value, the asking types their reply-by day as the writer's calendar day (text, so no time zone
-- moves it) and where the reply stands; a previous version keeps the day its text states. Existing
-- rows keep nulls: letters written before the questions have none.
ALTER TABLE "letter_versions" ADD COLUMN "reply_by" text;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "reply_by" text;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "reply_state" text;--> statement-breakpoint
ALTER TABLE "letter_versions" ADD CONSTRAINT "letter_versions_reply_by_check" CHECK ("letter_versions"."reply_by" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_reply_by_check" CHECK ("letters"."reply_by" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_reply_state_check" CHECK ("letters"."reply_state" in ('awaiting', 'received', 'resolved'));
