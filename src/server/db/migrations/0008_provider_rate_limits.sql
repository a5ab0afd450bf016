CREATE TABLE "provider_rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"theoretical_at" timestamp with time zone NOT NULL,
	"held_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
