import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '../test/empty-database';
import { type Database, MIGRATIONS_DIR, openDatabase } from './client';

/**
 * A database made by the previous release's migrations (the journal up to PREVIOUS, with
 * rows in it) is migrated to today's: the rows are there and the schema is the one a fresh database
 * gets (columns, indexes, constraints, the migrations journal).
 */
const PG = Boolean(process.env.TEST_DATABASE_URL);
const PREVIOUS = '0015_recycle_bin';
const dropAfter: (() => Promise<void>)[] = [];
const folders: string[] = [];

afterAll(async () => {
  for (const drop of dropAfter) await drop();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** The migrations folder of the previous release: today's, with the journal cut after PREVIOUS. */
function previousMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cwa-previous-migrations-'));
  folders.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const file = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8'));
  const last = journal.entries.findIndex((e: { tag: string }) => e.tag === PREVIOUS);
  expect(last).toBeGreaterThan(0);
  expect(journal.entries.length).toBeGreaterThan(last + 1); // today has migrations after it
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(file, JSON.stringify(journal));
  return dir;
}

async function openEmpty(): Promise<Database> {
  if (!PG) return openDatabase({});
  const empty = await createEmptyPostgresDatabase('upgrade');
  const database = openDatabase({ databaseUrl: empty.url, poolMax: 2 });
  dropAfter.push(async () => {
    await database.close();
    await empty.drop();
  });
  return database;
}

const rows = async (database: Database, text: string) => (await database.sql.executeSql(text)).rows;

/** What a release's schema is made of, in a stable order. */
async function schemaOf(database: Database) {
  return {
    columns: await rows(
      database,
      `select table_schema, table_name, column_name, ordinal_position, data_type, udt_name, is_nullable,
              column_default, character_maximum_length, numeric_precision
         from information_schema.columns where table_schema in ('public', 'drizzle', 'pgboss')
        order by table_schema, table_name, ordinal_position`,
    ),
    indexes: await rows(
      database,
      `select schemaname, tablename, indexname, indexdef from pg_indexes
        where schemaname in ('public', 'drizzle', 'pgboss') order by schemaname, tablename, indexname`,
    ),
    constraints: await rows(
      database,
      `select n.nspname, c.conrelid::regclass::text as rel, c.conname, pg_get_constraintdef(c.oid) as def
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where n.nspname in ('public', 'drizzle', 'pgboss') order by 1, 2, 3`,
    ),
    extensions: await rows(database, 'select extname from pg_extension order by 1'),
    journal: await rows(database, 'select hash, created_at from drizzle.__drizzle_migrations order by id'),
  };
}

/** Rows a running deployment of the previous release holds, written with that release's columns. */
const PREVIOUS_ROWS = `
  insert into organizations (id, name) values (501, 'Upgrade Org');
  insert into institutions (id, organization_id, display_name, inclusive_access) values (601, 501, 'Upgrade U', true);
  insert into users (id, username, email, first_name, last_name, super_admin)
    values (701, 'upgrade-admin', 'upgrade-admin@example.edu', 'Up', 'Grade', true);
  insert into sections (id, institution_id, course_name, start_date, end_date, course_type)
    values (801, 601, 'Chemistry 101', '2026-01-10', '2026-05-20', 'parent');
  insert into products (id, isbn, urn, product_name) values (901, '9780306406157', 'urn:upgrade:1', 'Upgrade Chemistry');
  insert into lms_course_pairings (institution_id, product_id, lms_course_id) values (601, 901, 'lms-801');
  insert into audit_log (action, entity_type, entity_id) values ('user.create', 'user', 701);
`;

describe(`upgrade from the previous release's database (${PREVIOUS}, ${PG ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps its rows and ends with the schema of a freshly migrated database', {
    timeout: 120_000,
  }, async () => {
    const previous = previousMigrations();
    const old = await openEmpty();
    if (PG) await migratePg(old.db as never, { migrationsFolder: previous });
    else await migratePglite(old.db as never, { migrationsFolder: previous });
    const journalBefore = await rows(old, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    await old.sql.executeSql(PREVIOUS_ROWS);

    await old.migrate(); // today's release

    const fresh = await openEmpty();
    await fresh.migrate();
    const [upgraded, expected] = [await schemaOf(old), await schemaOf(fresh)];
    expect(upgraded.journal.length).toBeGreaterThan(journalBefore[0].n);
    expect(upgraded.columns).toEqual(expected.columns);
    expect(upgraded.indexes).toEqual(expected.indexes);
    expect(upgraded.constraints).toEqual(expected.constraints);
    expect(upgraded.extensions).toEqual(expected.extensions);
    expect(upgraded.journal).toEqual(expected.journal);

    expect(
      await rows(
        old,
        `select o.name, i.display_name, i.inclusive_access, s.course_name, p.product_name, l.lms_course_id
           from institutions i join organizations o on o.id = i.organization_id
           join sections s on s.institution_id = i.id
           join lms_course_pairings l on l.institution_id = i.id join products p on p.id = l.product_id
          where i.id = 601`,
      ),
    ).toEqual([
      {
        name: 'Upgrade Org',
        display_name: 'Upgrade U',
        inclusive_access: true,
        course_name: 'Chemistry 101',
        product_name: 'Upgrade Chemistry',
        lms_course_id: 'lms-801',
      },
    ]);
    expect(await rows(old, `select username, super_admin from users where id = 701`)).toEqual([
      { username: 'upgrade-admin', super_admin: true },
    ]);
    expect(await rows(old, `select action, entity_id from audit_log where entity_type = 'user'`)).toEqual([
      { action: 'user.create', entity_id: '701' },
    ]);
    if (!PG) {
      await old.close();
      await fresh.close();
    }
  });
});
