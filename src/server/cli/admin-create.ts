import { createInterface } from 'node:readline/promises';
import { z } from 'zod';
import { openConfiguredDatabase } from '../db/open-configured';
import { ensureInternalGroup } from '../db/internal-group';
import { users } from '../db/schema';
import { audit } from '../lib/audit';
import { PASSWORD_PROBLEM_TEXT, passwordProblem } from '../lib/password-rule';
import { hashPassword } from '../lib/passwords';
import { argValue, loadConfigOrExit } from './load-config';
import { exitOnStartupError } from '../db/startup-error';

const Args = z.object({
  username: z.string().trim().min(1, 'needs --username U').max(100),
  email: z.email('needs --email E with a valid address'),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  password: z.string(),
});

const argv = process.argv.slice(2);
const config = loadConfigOrExit();
const password = process.env.ADMIN_PASSWORD ?? (await prompt('Password for the new super admin: '));
const parsed = Args.safeParse({
  username: argValue(argv, 'username') ?? '',
  email: argValue(argv, 'email') ?? '',
  firstName: argValue(argv, 'first-name') ?? 'Super',
  lastName: argValue(argv, 'last-name') ?? 'Admin',
  password,
});
if (!parsed.success) {
  const issue = parsed.error.issues[0];
  console.error(`admin:create: ${String(issue.path[0])}: ${issue.message}`);
  process.exit(1);
}
const a = parsed.data;
const problem = await passwordProblem(a.password, a);
if (problem) {
  console.error(`admin:create: password: ${PASSWORD_PROBLEM_TEXT[problem]}`);
  process.exit(1);
}
const database = await exitOnStartupError(() => openConfiguredDatabase(config));
await database.migrate();
await ensureInternalGroup(database.db, config.internalGroupId);
const rows = await database.db
  .insert(users)
  .values({
    username: a.username,
    email: a.email.toLowerCase(),
    firstName: a.firstName,
    lastName: a.lastName,
    passwordHash: await hashPassword(a.password),
    superAdmin: true,
  })
  .onConflictDoNothing()
  .returning({ id: users.id });
if (rows.length === 0) {
  console.error(`admin:create: a user with username "${a.username}" or e-mail "${a.email}" already exists`);
  await database.close();
  process.exit(1);
}
await audit(database.db, null, {
  action: 'admin.create',
  entityType: 'user',
  entityId: rows[0].id,
  after: { username: a.username, superAdmin: true },
});
console.log(`super admin "${a.username}" created (id ${rows[0].id})`);
await database.close();

async function prompt(question: string): Promise<string> {
  if (!process.stdin.isTTY) return '';
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(question);
  rl.close();
  return answer;
}
