/**
 * Products area (spec §2 "Products page", §3 Product, §7 "Products", §8): products with their
 * offers per organisation or institution. The LMS course pairings (product-pairings.ts) and the
 * organisation export (product-export.ts) are in their own files, re-exported here.
 */
import { parse as parseIsbn } from 'isbn3';
import { z } from 'zod';
import { PRODUCT_OFFERS_PER_PAGE } from '../constants';
import { OFFER_STATUS_TEXT, type OfferStatusDisplay } from '../status';
import { isIsoDate, VALIDATION_TEXT, validateSixMonthRange } from '../validation';
import { IdParam, text } from './common';
import { ExportQuery } from './product-export';
import {
  CreatePairingBody,
  LmsPairing,
  PairingChangeQuery,
  PairingChangeResponse,
  PairingDeleteResponse,
  PairingQuery,
  PairingResponse,
  UpdatePairingBody,
} from './product-pairings';
import { defineRoute } from './route';

export * from './product-export';
export * from './product-pairings';

// ---------------------------------------------------------------------------------------------
// Messages of spec §8 (the en catalog repeats them under the error codes)

export const PRODUCT_MESSAGES = {
  notFound: 'No Product Found',
  invalidId: 'Not Valid Product ID',
  alreadyPaired: 'Course is already paired',
  pairingFailed: 'Course pairing is unsuccessful. Please try again.',
  paired: 'Product is successfully paired.',
  updated: 'LMS Course information Updated successfully.',
  deleted: 'LMS Course successfully deleted',
  exportTimeout: 'Export process exceeds 2 minutes time limit!',
  coursesUnavailable: 'Courses Unavailable!',
  noProducts: 'No Products found for this organization',
} as const;

/**
 * An ISBN-10 or ISBN-13 as typed (hyphens or spaces allowed) → its ISBN-13 digits, or null when the
 * checksum or the registration group is wrong. isbn3 does the parsing; no pattern of our own.
 */
export function normaliseIsbn(value: string): string | null {
  const parsed = parseIsbn(value.trim());
  return parsed?.isValid ? parsed.isbn13 : null;
}

/**
 * What an ISBN search box asks for: a whole ISBN as its ISBN-13, else the digits typed (hyphens and
 * spaces dropped; a last X allowed); null when it holds anything else (the field says "digits only").
 */
export function isbnSearchDigits(value: string): string | null {
  const digits = normaliseIsbn(value) ?? value.trim().replace(/[\s-]/g, '');
  return /^\d*[\dX]?$/i.test(digits) ? digits : null;
}

export const OFFER_STATUS_FILTERS = Object.keys(OFFER_STATUS_TEXT) as OfferStatusDisplay[];

// ---------------------------------------------------------------------------------------------
// Shared shapes

export const ChannelPartner = z.object({
  id: z.number().int().describe('Channel partner id.'),
  code: z.string().describe('Short code of the channel partner.'),
  name: z.string().describe('Name of the channel partner.'),
});

export const ProductSummary = z.object({
  productId: z.number().int().describe('Product id.'),
  productName: z.string().describe('Product name.'),
  isbn: z.string().describe('ISBN-13 of the product.'),
  urn: z.string().describe('Product URN (the :urn of the product detail route).'),
  platform: z.string().describe('Delivery platform.'),
  productType: z.string().describe('Product type (course, assessment ...).'),
  status: z.string().describe('active or retired.'),
  channelPartner: ChannelPartner.nullable().describe('The channel partner selling the product, if any.'),
});

export const ProductOffer = z.object({
  offerId: z.number().int().describe('Offer id.'),
  institutionId: z.number().int().describe('Institution the offer is made to.'),
  institutionName: z.string().describe('Display name of that institution.'),
  isbn: z.string().describe('ISBN of the offer.'),
  offerType: z.string().describe('Offer type (INCLUSIVE_ACCESS, ...).'),
  title: z.string().describe('Offer title.'),
  offerStatus: z.string().describe('Stored offer status (APPROVED, NEW, REJECTED, EXPIRED, ...).'),
  statusDisplay: z
    .enum(['active', 'inactive', 'expired', 'pending'])
    .describe('Display status (offerStatusDisplay).'),
  startsOn: z.string().nullable().describe('First day of the offer (YYYY-MM-DD).'),
  endsOn: z.string().nullable().describe('Last day of the offer (YYYY-MM-DD), null when open-ended.'),
});

export const ProductView = ProductSummary.extend({
  offers: z
    .array(ProductOffer)
    .describe("The product's offers at the listed institutions (after the status filter)."),
  pairingCount: z.number().int().describe('LMS course pairings of the product at the listed institutions.'),
  pairings: z
    .array(LmsPairing)
    .describe('With pairing=true: the first pairings (at most 25; pairingCount tells how many exist).'),
});

// ---------------------------------------------------------------------------------------------
// GET /api/products/organizations: the organisations the multi-select offers

export const OrganizationsResponse = z.object({
  organizations: z
    .array(
      z.object({
        id: z.number().int().describe('Organisation id.'),
        name: z.string().describe('Organisation name.'),
        institutions: z.number().int().describe('Number of its institutions.'),
        institutionIds: z.array(z.number().int()).describe('Ids of its institutions.'),
      }),
    )
    .describe('Every organisation, by name.'),
});

// ---------------------------------------------------------------------------------------------
// GET /api/products/organization/{id}

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const isoDate = text().refine(isIsoDate, VALIDATION_TEXT.dateFormat);

export const OrganizationParams = z.object({
  id: IdParam.describe('Organisation id.'),
});

export const ProductListQuery = z
  .object({
    channelPartner: IdParam.optional().describe('Only products of this channel partner.'),
    productId: IdParam.optional().describe('Narrow the list to this product.'),
    offerStatus: z
      .enum(['active', 'inactive', 'expired', 'pending'])
      .optional()
      .describe('Only offers with this display status.'),
    isbn: text()
      .trim()
      .max(20)
      .optional()
      .describe('ISBN search: digits contained in the ISBN-13 (hyphens ignored).'),
    view: z
      .enum(['organization', 'institution'])
      .default('organization')
      .describe(
        'organization: products with their offers; institution: each institution followed by its products.',
      ),
    pairing: flag.default(false).describe('true: list the LMS course pairings under each product.'),
    courseDateFrom: isoDate
      .optional()
      .describe('Course-date flag: only pairings whose course starts on or after this day (YYYY-MM-DD).'),
    courseDateTo: isoDate
      .optional()
      .describe(
        'Course-date flag: only pairings whose course starts on or before this day (six months at most).',
      ),
    page: z.coerce.number().int().min(1).max(100_000).default(1).describe('1-based page number.'),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(PRODUCT_OFFERS_PER_PAGE)
      .describe('Rows per page (10 by default).'),
  })
  .superRefine((q, ctx) => {
    if (!q.courseDateFrom !== !q.courseDateTo) {
      ctx.addIssue({ code: 'custom', path: ['courseDateTo'], message: VALIDATION_TEXT.required });
    } else if (q.courseDateFrom && q.courseDateTo) {
      if (q.courseDateTo < q.courseDateFrom)
        ctx.addIssue({ code: 'custom', path: ['courseDateTo'], message: VALIDATION_TEXT.endBeforeStart });
      else if (validateSixMonthRange(q.courseDateFrom, q.courseDateTo))
        ctx.addIssue({ code: 'custom', path: ['courseDateTo'], message: VALIDATION_TEXT.dateRangeSixMonths });
    }
  });
export type ProductListQueryT = z.infer<typeof ProductListQuery>;

export const ProductListResponse = z.object({
  organization: z
    .object({
      id: z.number().int().describe('Organisation id.'),
      name: z.string().describe('Organisation name.'),
    })
    .describe('The organisation listed.'),
  view: z.enum(['organization', 'institution']).describe('The view answered.'),
  productViews: z.array(ProductView).describe('Organization view: the products of the page.'),
  institutionViews: z
    .array(
      z.object({
        institutionId: z.number().int().describe('Institution id.'),
        institutionName: z.string().describe('Institution display name.'),
        products: z
          .array(ProductView)
          .describe("The institution's products on this page (offers of that institution)."),
      }),
    )
    .describe('Institution view: institutions of the page, each with its products (flattened by the UI).'),
  total: z
    .number()
    .int()
    .describe('Rows matching the filters: products (organization view) or institution-product rows.'),
  page: z.number().int().describe('1-based page answered.'),
  pageSize: z.number().int().describe('Rows per page.'),
  canEdit: z.boolean().describe('Whether the caller may pair, update, remove and export.'),
});

// ---------------------------------------------------------------------------------------------
// GET /api/products/{id}/details?urn=&channelPartner=

export const ProductDetailParams = z.object({
  id: IdParam.describe('Institution id the product is shown for.'),
});
export const ProductDetailQuery = z.object({
  urn: text().trim().min(1).max(200).describe('Product URN.'),
  channelPartner: IdParam.optional().describe('Channel partner the product must belong to, when given.'),
});
export const ProductDetailResponse = z.object({
  institution: z
    .object({
      id: z.number().int().describe('Institution id.'),
      displayName: z.string().describe('Institution display name.'),
    })
    .describe('The institution.'),
  product: ProductSummary.describe('The product.'),
  offers: z.array(ProductOffer).describe("The product's offers at the institution."),
  pairings: z
    .array(LmsPairing)
    .describe('Its LMS course pairings at the institution (newest first, at most 500).'),
  sections: z
    .array(
      z.object({
        sectionId: z.number().int().describe('Section id.'),
        courseName: z.string().describe('Course name.'),
        sectionCode: z.string().nullable().describe('Section code.'),
        startDate: z.string().describe('Start date (YYYY-MM-DD).'),
        endDate: z.string().describe('End date (YYYY-MM-DD).'),
      }),
    )
    .describe('Live sections of the institution built on the product (at most 500, by start date).'),
  canEdit: z.boolean().describe('Whether the caller may change pairings.'),
});

// ---------------------------------------------------------------------------------------------
// GET /api/products/productDetails/{x} and productDetailsByIsbn/{isbn}

export const ProductSearchParams = z.object({
  x: text().trim().min(1).max(200).describe('A product id, or text searched in product names.'),
});
export const ProductSearchResponse = z.object({
  products: z
    .array(ProductSummary)
    .describe('The product with that id, or products whose name contains the text (at most 20).'),
});
export const ProductByIsbnParams = z.object({
  isbn: text().trim().min(1).max(40).describe('ISBN-10 or ISBN-13, with or without hyphens or spaces.'),
});
export const ProductByIsbnResponse = z.object({
  product: ProductSummary.describe('The product with that ISBN.'),
  isbn13: z.string().describe('The ISBN as typed, normalised to ISBN-13.'),
});

// ---------------------------------------------------------------------------------------------
// GET /api/products/getLmsList/?organizationId= and getChannelPartnerList/

export const LmsListQuery = z.object({
  organizationId: IdParam.describe('Institution whose LMS integrations and courses are listed.'),
  q: text().trim().max(100).optional().describe('Text searched in course names and section codes.'),
});
export const LmsListResponse = z.object({
  integrationKeyStoreDTOList: z
    .array(
      z.object({
        integrationId: z.number().int().describe('Integration id.'),
        name: z.string().describe('Integration name.'),
        lmsKind: z.string().describe('LMS kind (canvas, blackboard, moodle, d2l ...).'),
        enabled: z.boolean().describe('Whether the integration is enabled.'),
      }),
    )
    .describe("The institution's LMS integrations (integrationKeyStoreDTOList)."),
  courses: z
    .array(
      z.object({
        sectionId: z.number().int().describe('Section id.'),
        courseName: z.string().describe('Course name.'),
        sectionCode: z.string().nullable().describe('Section code.'),
        startDate: z.string().describe('Start (YYYY-MM-DD).'),
        endDate: z.string().describe('End (YYYY-MM-DD).'),
        lmsCourseId: z
          .string()
          .describe('Suggested LMS course id (the custom course id, else the section id).'),
        customCourseId: z.string().nullable().describe('Custom course id of the section, if any.'),
      }),
    )
    .describe('Current and future courses of the institution (at most 200, by name).'),
});
export const ChannelPartnerListResponse = z.object({
  channelPartners: z.array(ChannelPartner).describe('Every channel partner, by name.'),
});

/** The Products area's operations (pairings and the organisation export included). */
export const productsApi = {
  organizations: defineRoute({
    method: 'GET',
    path: '/api/products/organizations',
    response: OrganizationsResponse,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/products/organization/:id',
    params: OrganizationParams,
    query: ProductListQuery,
    response: ProductListResponse,
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/products/:id/details',
    params: ProductDetailParams,
    query: ProductDetailQuery,
    response: ProductDetailResponse,
  }),
  pairing: defineRoute({
    method: 'GET',
    path: '/api/products/coursedetails',
    query: PairingQuery,
    response: PairingResponse,
  }),
  updatePairing: defineRoute({
    method: 'PUT',
    path: '/api/products/coursedetails',
    query: PairingChangeQuery,
    body: UpdatePairingBody,
    response: PairingChangeResponse,
  }),
  removePairing: defineRoute({
    method: 'DELETE',
    path: '/api/products/coursedetails',
    query: PairingChangeQuery,
    response: PairingDeleteResponse,
  }),
  search: defineRoute({
    method: 'GET',
    path: '/api/products/productDetails/:x',
    params: ProductSearchParams,
    response: ProductSearchResponse,
  }),
  byIsbn: defineRoute({
    method: 'GET',
    path: '/api/products/productDetailsByIsbn/:isbn',
    params: ProductByIsbnParams,
    response: ProductByIsbnResponse,
  }),
  lmsList: defineRoute({
    method: 'GET',
    path: '/api/products/getLmsList/',
    query: LmsListQuery,
    response: LmsListResponse,
  }),
  channelPartners: defineRoute({
    method: 'GET',
    path: '/api/products/getChannelPartnerList/',
    response: ChannelPartnerListResponse,
  }),
  createPairing: defineRoute({
    method: 'POST',
    path: '/api/products/createCourseParing/',
    body: CreatePairingBody,
    response: PairingChangeResponse,
  }),
  /** The organisation's pairings as CSV (a file: no JSON answer). */
  export: defineRoute({
    method: 'GET',
    path: '/api/export/organization/:id',
    params: OrganizationParams,
    query: ExportQuery,
  }),
};
