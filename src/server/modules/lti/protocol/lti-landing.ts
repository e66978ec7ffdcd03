/**
 * The landing pages of an accepted launch (server-rendered, see lti-frame.ts for why) and the
 * instructor's pairing of an unpaired LMS course.
 */
import { and, count, eq, gte, isNull, or, TransactionRollbackError } from 'drizzle-orm';
import { addDaysIso, censusDate, formatUsDate } from '../../../../shared/validation';
import type { Db } from '../../../db/client';
import { todayInInstitution } from '../../../lib/institution-today';
import {
  enrollments,
  lmsCoursePairings,
  lmsIntegrations,
  offers,
  products,
  sectionInstructors,
  sections,
} from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { createPairing } from '../../products';
import { offerStatusIs } from '../../../db/offer-status';
import { acceptsLinks, resolveChoice } from './lti-choice';
import { esc, fill, type Texts, texts } from './lti-frame';
import type { LaunchSession } from './lti-session';

/** Weeks a course created by an LMS pairing runs (its dates can be edited on the Courses page). */
export const LTI_COURSE_WEEKS = 16;

export async function registrationOrigins(db: Db, integrationId: number) {
  const [reg] = await db
    .select({ issuer: lmsIntegrations.issuer, authLoginUrl: lmsIntegrations.authLoginUrl })
    .from(lmsIntegrations)
    .where(eq(lmsIntegrations.id, integrationId))
    .limit(1);
  return reg ?? null;
}

/** The institution's active offers (Active status, not ended), by title. */
export async function activeOffers(db: Db, institutionId: number, today: string) {
  return db
    .select({
      id: offers.id,
      title: offers.title,
      productId: offers.productId,
      productName: products.productName,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(
      and(
        eq(offers.institutionId, institutionId),
        offerStatusIs('active'),
        or(isNull(offers.endsOn), gte(offers.endsOn, today)),
      ),
    )
    .orderBy(offers.title, offers.id)
    .limit(200);
}

async function pairingOf(db: Db, s: LaunchSession) {
  if (!s.ctx) return undefined;
  const [row] = await db
    .select({
      id: lmsCoursePairings.id,
      sectionId: lmsCoursePairings.sectionId,
      productName: products.productName,
      censusDuration: lmsCoursePairings.censusDuration,
      freeAccessDuration: lmsCoursePairings.freeAccessDuration,
      courseStartDate: lmsCoursePairings.courseStartDate,
    })
    .from(lmsCoursePairings)
    .innerJoin(products, eq(products.id, lmsCoursePairings.productId))
    .where(
      and(
        eq(lmsCoursePairings.institutionId, s.inst),
        eq(lmsCoursePairings.integrationId, s.reg),
        eq(lmsCoursePairings.lmsCourseId, s.ctx),
      ),
    )
    .limit(1);
  return row;
}

/** The offers as radio buttons (checkboxes with `multi`), none chosen beforehand. */
function offerForm(
  action: string,
  session: string,
  list: Awaited<ReturnType<typeof activeOffers>>,
  button: string,
  legend: string,
  multi = false,
) {
  const items = list
    .map(
      (o, i) =>
        `<label><input type="${multi ? 'checkbox' : 'radio'}" name="offerId" value="${o.id}"${!multi && i === 0 ? ' required' : ''}> ${esc(o.title)}${o.productName === o.title ? '' : ` — ${esc(o.productName)}`}</label>`,
    )
    .join('');
  return `<form method="post" action="${action}"><fieldset><legend>${esc(legend)}</legend>${items}</fieldset>
<input type="hidden" name="session" value="${esc(session)}"><p><button type="submit">${esc(button)}</button></p></form>`;
}

/** The confirmation of the teacher's deep-linking choice: that one offer, one button. */
function choiceForm(session: string, offer: { id: number; title: string; productName: string }, t: Texts) {
  const name = offer.productName === offer.title ? offer.title : `${offer.title} — ${offer.productName}`;
  return `<p data-field="chosenOffer">${esc(fill(t.chosenIntro, { offer: name }))}</p>
<form method="post" action="/lti/pair"><input type="hidden" name="offerId" value="${offer.id}">
<input type="hidden" name="session" value="${esc(session)}"><p><button type="submit">${esc(t.pairChosenButton)}</button></p></form>`;
}

/** The unpaired course's page for course staff: the chosen offer to confirm, or the list to choose from. */
async function unpairedStaffBody(db: Db, s: LaunchSession, token: string, today: string, t: Texts) {
  const choice = s.co ? await resolveChoice(db, s.co, s.inst, today) : null;
  if (choice?.usable) return choiceForm(token, choice.offer, t);
  const why = choice
    ? `<p role="alert" data-field="choiceUnusable" data-why="${choice.why}">${esc(
        fill(t.choiceUnusable[choice.why], { offer: choice.title ?? '', date: formatUsDate(choice.endsOn) }),
      )}</p>`
    : '';
  const list = await activeOffers(db, s.inst, today);
  return `${why}${list.length ? offerForm('/lti/pair', token, list, t.pairButton, t.unpairedIntro) : `<p>${esc(t.noOffers)}</p>`}`;
}

/** The deep-linking page: the offers to return to the LMS, unless the LMS takes no links here. */
async function deepLinkBody(db: Db, s: LaunchSession, token: string, today: string, t: Texts) {
  if (!acceptsLinks(s)) return `<p role="alert" data-field="linksRefused">${esc(t.deepLinkTypesRefused)}</p>`;
  const list = await activeOffers(db, s.inst, today);
  if (!list.length) return `<p>${esc(t.noOffers)}</p>`;
  return offerForm(
    '/lti/deep-link',
    token,
    list,
    t.deepLinkButton,
    s.dlMulti ? t.deepLinkIntroMultiple : t.deepLinkIntro,
    s.dlMulti === true,
  );
}

/** A line above the landing page: the outcome of the last action (`alert`: a refusal). */
export interface Notice {
  text: string;
  alert?: boolean;
}

/** The body of the landing page for a launch session. */
export async function landingBody(db: Db, s: LaunchSession, token: string, now: Date, notice?: Notice) {
  const t = texts(s.lang);
  const today = await todayInInstitution(db, s.inst, now);
  const head = `<h1>${esc(t.landingTitle)}</h1>${s.title || s.ctx ? `<p>${esc(fill(t.courseLabel, { name: s.title ?? s.ctx ?? '' }))}</p>` : ''}${notice ? `<p role="${notice.alert ? 'alert' : 'status'}">${esc(notice.text)}</p>` : ''}`;

  if (s.role === 'staff' && s.mt === 'LtiDeepLinkingRequest')
    return `${head}${await deepLinkBody(db, s, token, today, t)}`;
  const pairing = await pairingOf(db, s);
  if (s.role === 'staff') {
    if (!pairing) return `${head}${await unpairedStaffBody(db, s, token, today, t)}`;
    const [{ n }] = pairing.sectionId
      ? await db.select({ n: count() }).from(enrollments).where(eq(enrollments.sectionId, pairing.sectionId))
      : [{ n: 0 }];
    const start = pairing.courseStartDate;
    const census = (start && formatUsDate(censusDate(start, pairing.censusDuration))) || null;
    const free = (start && formatUsDate(addDaysIso(start, pairing.freeAccessDuration))) || null;
    return `${head}<p>${esc(t.pairedIntro)}</p><dl>
<dt>${esc(t.productLabel)}</dt><dd data-field="product">${esc(pairing.productName)}</dd>
<dt>${esc(t.censusLabel)}</dt><dd data-field="census">${esc(census ?? t.notSet)}</dd>
<dt>${esc(t.freeAccessLabel)}</dt><dd data-field="freeAccess">${esc(free ?? t.notSet)}</dd>
<dt>${esc(t.rosterLabel)}</dt><dd data-field="roster">${n}</dd></dl>`;
  }
  if (!pairing) return `${head}${await unpairedLearnerBody(db, s, today, t)}`;
  let access = '';
  if (s.role === 'learner' && pairing.sectionId) {
    const [e] = await db
      .select({ accessType: enrollments.accessType, accessEndsAt: enrollments.accessEndsAt })
      .from(enrollments)
      .where(and(eq(enrollments.sectionId, pairing.sectionId), eq(enrollments.userId, s.uid)))
      .limit(1);
    if (e) {
      const ended = e.accessEndsAt !== null && e.accessEndsAt.getTime() <= now.getTime();
      const text = ended
        ? t.accessExpired
        : e.accessType === 'PAID'
          ? t.accessPaid
          : `${t.accessTrial} (${fill(t.accessTrialEnds, { date: formatUsDate(e.accessEndsAt) })})`;
      access = `<dl><dt>${esc(t.accessLabel)}</dt><dd data-field="access">${esc(text)}</dd></dl>`;
    }
  }
  return `${head}<p>${esc(pairing.productName)}</p>${access}`;
}

/** A student (or other) in an unpaired course: the teacher's choice waiting for confirmation, if any. */
async function unpairedLearnerBody(db: Db, s: LaunchSession, today: string, t: Texts) {
  const choice = s.co ? await resolveChoice(db, s.co, s.inst, today) : null;
  if (choice?.usable)
    return `<p data-field="notSetUp">${esc(fill(t.studentChosenNotPaired, { offer: choice.offer.productName }))}</p>`;
  return `<p data-field="notSetUp">${esc(t.studentNotSetUp)}</p>`;
}

/** What an instructor's pairing attempt came to. */
export type PairOutcome = 'paired' | 'refused' | 'invalid';

/**
 * An instructor pairs the launch's LMS course with one of the institution's active offers: a course
 * (section) for the LMS course, then the pairing through the Products feature's one pairing rule
 * (the registration belongs to the deployment's institution; one pairing per LMS course and
 * integration). Refused by that rule: nothing is written (the section is rolled back with it).
 * 'invalid': not an instructor, no LMS course, or not an active offer of the institution.
 */
export async function pairFromLaunch(
  db: Db,
  s: LaunchSession,
  offerId: number,
  now: Date,
): Promise<PairOutcome> {
  if (s.role !== 'staff' || !s.ctx) return 'invalid';
  const today = await todayInInstitution(db, s.inst, now);
  const offer = (await activeOffers(db, s.inst, today)).find((o) => o.id === offerId);
  if (!offer) return 'invalid';
  // the teacher's deep-linking choice, when usable, is the only offer this course pairs with
  const choice = s.co ? await resolveChoice(db, s.co, s.inst, today) : null;
  if (choice?.usable && choice.offer.id !== offerId) return 'invalid';
  const ctx = s.ctx;
  let refusal: AppError | null = null;
  return db
    .transaction(async (tx) => {
      const [section] = await tx
        .insert(sections)
        .values({
          institutionId: s.inst,
          productId: offer.productId,
          courseName: (s.title ?? ctx).slice(0, 255),
          startDate: today,
          endDate: addDaysIso(today, LTI_COURSE_WEEKS * 7),
          createdBy: s.uid,
        })
        .returning({ id: sections.id });
      // the teacher who pairs the course is its instructor
      await tx
        .insert(sectionInstructors)
        .values({ sectionId: section.id, userId: s.uid, role: 'instructor' });
      try {
        await createPairing(
          tx,
          { userId: s.uid },
          {
            organizationId: s.inst,
            integrationId: s.reg,
            sectionId: section.id,
            lmsCourseId: ctx.slice(0, 255),
            lmsCourseName: s.title?.slice(0, 255),
            productId: offer.productId,
            // not set yet (the table's defaults): the Products page edits them
            censusDuration: -1,
            freeAccessDuration: 0,
          },
          { auditAction: 'lti.pairing.create', auditExtra: { offerId } },
        );
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refusal = err;
        tx.rollback();
      }
      return 'paired' as const;
    })
    .catch((err: unknown) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
      // the course was paired by a concurrent launch: the page shows that pairing
      if ((refusal as AppError | null)?.code === 'error.courseAlreadyPaired') return 'paired';
      return 'refused';
    });
}
