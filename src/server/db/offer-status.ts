import { type SQL, sql } from 'drizzle-orm';
import { OFFER_STATUS_DISPLAYS, OFFER_STATUS_SOURCES, type OfferStatusDisplay } from '../../shared/status';
import { offers } from './schema';

/**
 * The offer-status rule of src/shared/status.ts in SQL: every query that asks whether an offer is
 * Active (or Inactive, Expired, Pending) goes through here, so the stored status is compared
 * without regard to case in one place. `column` defaults to offers.offer_status; raw queries with
 * an alias pass theirs (sql`o.offer_status`).
 */
type Named = Exclude<OfferStatusDisplay, 'pending'>;

/** Stored statuses that are not Pending (every status a display value but Pending names). */
const NAMED_STATUSES = Object.values(OFFER_STATUS_SOURCES).flat();

type StatusColumn = SQL | typeof offers.offerStatus;
const upper = (column: StatusColumn) => sql`upper(${column})`;

/** "Shown with this status": a condition on the stored status. */
export function offerStatusIs(display: OfferStatusDisplay, column: StatusColumn = offers.offerStatus): SQL {
  if (display === 'pending') return sql`(${upper(column)} not in ${NAMED_STATUSES})`;
  return sql`(${upper(column)} in ${[...OFFER_STATUS_SOURCES[display as Named]]})`;
}

/** Rank of the displayed status in OFFER_STATUS_DISPLAYS order (sorting by status). */
export function offerStatusRank(column: StatusColumn = offers.offerStatus): SQL {
  const named = OFFER_STATUS_DISPLAYS.filter((d): d is Named => d !== 'pending');
  return sql`case ${sql.join(
    named.map((d) => sql`when ${offerStatusIs(d, column)} then ${OFFER_STATUS_DISPLAYS.indexOf(d)}`),
    sql` `,
  )} else ${OFFER_STATUS_DISPLAYS.indexOf('pending')} end`;
}
