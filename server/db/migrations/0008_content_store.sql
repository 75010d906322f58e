CREATE TABLE "store_additions" (
	"company_id" text NOT NULL,
	"store_item_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_additions_company_id_store_item_id_pk" PRIMARY KEY("company_id","store_item_id")
);
--> statement-breakpoint
ALTER TABLE "store_additions" ADD CONSTRAINT "store_additions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "records_storeitem_title_idx" ON "records" USING btree ("company_id",lower(left(("data" ->> 'title'), 100)),"id") WHERE "records"."resource" = 'StoreItem';--> statement-breakpoint
CREATE INDEX "records_storeitem_kind_idx" ON "records" USING btree ("company_id",lower(left(("data" ->> 'kind'), 100)),"id") WHERE "records"."resource" = 'StoreItem';