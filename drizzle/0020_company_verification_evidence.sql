ALTER TABLE "companies" ADD COLUMN "verified_credit_code" text;--> statement-breakpoint
ALTER TABLE "company_verification_requests" ADD COLUMN "credit_code" text;--> statement-breakpoint
ALTER TABLE "company_verification_requests" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "company_verification_requests" ADD COLUMN "license_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "company_verification_requests" ADD CONSTRAINT "company_verification_requests_license_upload_id_uploads_id_fk" FOREIGN KEY ("license_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_verified_credit_code_unique" ON "companies" USING btree ("verified_credit_code");