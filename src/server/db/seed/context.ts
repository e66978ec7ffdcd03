import type { Faker } from '@faker-js/faker';
import type { Db } from '../client';
import type { Day } from './dates';
import type { Rng } from './random';
import type { Subject } from './subjects';
import type { Term } from './terms';
import type { InstitutionSeed } from './world-data';

/** What every seeding step receives: the transaction, the seeded generators and "today". */
export interface SeedContext {
  db: Db;
  faker: Faker;
  rng: Rng;
  /** Today's local calendar day. */
  today: Day;
  now: Date;
  /** Four past academic terms, the current one and two future ones. */
  terms: Term[];
  scale: number;
  /** Keys of institutions seeded at scale 1 whatever `scale` is (world-data.ts). */
  steady: ReadonlySet<string>;
  log: (msg: string) => void;
}

/** An institution as seeded: its fixed settings, its database id and the subjects it teaches. */
export interface SeededInstitution {
  id: number;
  organizationId: number;
  seed: InstitutionSeed;
  subjects: Subject[];
}
