import { createHash } from 'node:crypto';

/**
 * The stored form of a one-time dynamic-registration link token: its SHA-256 (the console creates
 * the link, the protocol's /lti/register redeems it; neither keeps the token itself).
 */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
