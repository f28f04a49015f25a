/** Merchant onboarding (migration 0920): merchants, their documents and their stores at the acquirer. */
import { integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const merchants = pgTable('merchants', {
  id: serial('id').primaryKey(),
  ownerUserId: integer('owner_user_id').notNull(),
  netbarId: integer('netbar_id').notNull(),
  status: smallint('status').notNull().default(0),
  source: text('source').notNull().default('onboard'),
  merchantNo: text('merchant_no'),
  sqbMerchantNo: text('sqb_merchant_no'),
  step: smallint('step').notNull().default(0),
  legalName: text('legal_name').notNull().default(''),
  shortName: text('short_name').notNull().default(''),
  merchantType: smallint('merchant_type'),
  licenceNo: text('licence_no').notNull().default(''),
  legalPerson: text('legal_person').notNull().default(''),
  idNoEnc: text('id_no_enc'),
  idNoMask: text('id_no_mask').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  bankCode: text('bank_code').notNull().default(''),
  bankName: text('bank_name').notNull().default(''),
  bankBranch: text('bank_branch').notNull().default(''),
  cardNoEnc: text('card_no_enc'),
  cardNoMask: text('card_no_mask').notNull().default(''),
  cardHolder: text('card_holder').notNull().default(''),
  province: text('province').notNull().default(''),
  city: text('city').notNull().default(''),
  district: text('district').notNull().default(''),
  address: text('address').notNull().default(''),
  contactName: text('contact_name').notNull().default(''),
  contactMobile: text('contact_mobile').notNull().default(''),
  email: text('email').notNull().default(''),
  servicePhone: text('service_phone').notNull().default(''),
  rejectReason: text('reject_reason').notNull().default(''),
  submittedAt: ts('submitted_at'),
  reviewedAt: ts('reviewed_at'),
  reviewedBy: integer('reviewed_by'),
  openedAt: ts('opened_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const merchantDocs = pgTable('merchant_docs', {
  id: serial('id').primaryKey(),
  ownerUserId: integer('owner_user_id').notNull(),
  merchantId: integer('merchant_id'),
  kind: text('kind').notNull(),
  fileName: text('file_name').notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const merchantStores = pgTable('merchant_stores', {
  id: serial('id').primaryKey(),
  merchantId: integer('merchant_id').notNull(),
  storeNo: text('store_no').notNull(),
  storeName: text('store_name').notNull(),
  netbarId: integer('netbar_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
