import { boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { institutions } from './institutions';

export const channelPartners = pgTable('channel_partners', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    isbn: text('isbn').notNull().unique(),
    urn: text('urn').notNull().unique(),
    productName: text('product_name').notNull(),
    /** Delivery platform; only copyable platforms may be copied (validation code 103). */
    platform: text('platform').notNull().default('courseware'),
    /** Product type; some are not allowed in an institution context (validation code 104). */
    productType: text('product_type').notNull().default('course'),
    /** active | retired (validation code 105). */
    status: text('status').notNull().default('active'),
    channelPartnerId: integer('channel_partner_id').references(() => channelPartners.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('products_name_idx').on(t.productName)],
);

/** A product offer to one institution. */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    isbn: text('isbn').notNull(),
    offerType: text('offer_type').notNull(),
    title: text('title').notNull(),
    /** APPROVED | NEW | REJECTED | EXPIRED | PENDING ... */
    offerStatus: text('offer_status').notNull(),
    inclusive: boolean('inclusive').notNull().default(false),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the Offers list: one institution's offers by title, a page at a time
    index('offers_inst_title_idx').on(t.institutionId, t.title, t.id),
    index('offers_product_idx').on(t.productId),
  ],
);
