/**
 * Descriptions of the refusals of "nobody acts above their own rights" (ARCHITECTURE §4): the
 * server sends them as `description` with the codes `error.aboveYourRightsRole`,
 * `error.aboveYourRightsUser` (403, `params` name/username and missing) and `error.lastRoleEditor`
 * (409); the i18n catalogs hold the same texts in each language.
 */
export const RIGHTS_MESSAGES = {
  role: (name: string, missing: readonly string[]) =>
    `You cannot change the role ${name}: it holds permissions you do not hold yourself (${missing.join(', ')}).`,
  user: (username: string, missing: readonly string[]) =>
    `You cannot change the roles of ${username}: this user holds rights you do not hold yourself (${missing.join(', ')}).`,
  users: (named: readonly string[]) =>
    `You cannot change the roles of these users: they hold rights you do not hold yourself (${named.join('; ')}).`,
  lastRoleEditor:
    'At least one user must keep the permission to create and edit roles (CAN_CREATE_EDIT_ROLES) in this institution.',
} as const;
