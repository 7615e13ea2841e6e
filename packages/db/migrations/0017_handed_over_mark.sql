CREATE TABLE "send_hand_over" (
	"gateway_id" integer NOT NULL,
	"owner" text NOT NULL,
	"upto" bigint DEFAULT -1 NOT NULL,
	CONSTRAINT "send_hand_over_gateway_id_owner_pk" PRIMARY KEY("gateway_id","owner")
);
--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "send_seq" bigint;