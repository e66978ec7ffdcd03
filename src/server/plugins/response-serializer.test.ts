import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CourseListResponse, type CourseRowT } from '../../shared/contract/course-list';
import { isDirectional, responseSerializer } from './response-serializer';

const serializerOf = (schema: unknown) =>
  responseSerializer({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as (data: unknown) => string;

const row: CourseRowT = {
  sectionId: 7,
  courseName: 'World History',
  sectionCode: 'HIS-101',
  instructor: null,
  startDate: '2026-09-01',
  endDate: '2026-12-15',
  coursePeriod: 'current',
  courseType: 'standalone',
  useType: 'studentuse',
  parentSectionId: null,
  productId: null,
  productName: null,
  enrollmentCount: 0,
  accessType: null,
  billingStatus: 'censusNotSet',
  censusDuration: -1,
  version: 1,
};
const page = {
  courses: [{ ...row, internalNote: 'not in the contract' }],
  total: 1,
  page: 1,
  pageSize: 25,
  periodCounts: { current: 1, future: 0, past: 0 },
  products: [],
  actions: { edit: true, delete: false, copy: true, create: true, optOut: false, reports: true },
};

describe('response serializer', () => {
  it('answers what zod encoding answers: the contract fields only', () => {
    expect(isDirectional(CourseListResponse)).toBe(false);
    const json = serializerOf(CourseListResponse)(page);
    expect(JSON.parse(json)).toEqual({ ...page, courses: [row] });
    expect(json).toBe(JSON.stringify(z.encode(CourseListResponse, page)));
  });

  it('refuses an answer that breaks its contract with the error the error handler turns into 500', () => {
    let thrown: unknown;
    try {
      serializerOf(CourseListResponse)({ ...page, total: 1.5 });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(isResponseSerializationError(thrown as Error)).toBe(true);
  });

  it('encodes a schema with a codec, a default or a rewriting check, at any depth', () => {
    const stamp = z.codec(z.iso.datetime(), z.date(), {
      decode: (s) => new Date(s),
      encode: (d) => d.toISOString(),
    });
    const withCodec = z.object({ items: z.array(z.object({ at: stamp })) });
    expect(isDirectional(withCodec)).toBe(true);
    expect(isDirectional(z.object({ n: z.number().default(0) }))).toBe(true);
    expect(isDirectional(z.object({ s: z.array(z.string().trim()) }))).toBe(true);
    expect(isDirectional(z.object({ s: z.union([z.string(), z.number().nullable()]) }))).toBe(false);
    const at = new Date('2026-11-27T10:00:00.000Z');
    expect(JSON.parse(serializerOf(withCodec)({ items: [{ at }] }))).toEqual({
      items: [{ at: '2026-11-27T10:00:00.000Z' }],
    });
  });
});
