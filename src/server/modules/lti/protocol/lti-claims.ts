/**
 * What a launch is made of: the LTI claims it reads, its limits, and the facts the launch log records
 * of it (filled as validation learns them).
 */
import type { JWTPayload } from 'jose';
import type { lmsIntegrations } from '../../../db/schema';

export const CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  launchPresentation: 'https://purl.imsglobal.org/spec/lti/claim/launch_presentation',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
} as const;

export const MESSAGE_TYPES = ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Seconds of clock difference tolerated between the platform and the tool. */
export const CLOCK_TOLERANCE_S = 60;
/** Oldest id_token accepted (its iat), seconds. */
export const MAX_TOKEN_AGE_S = 600;
/** Longest sub, nonce and context id accepted (LTI Core: 255 characters). */
export const MAX_ID_LENGTH = 255;
/** Minutes a login's state and nonce stay usable. */
export const STATE_MINUTES = 10;

export type Registration = typeof lmsIntegrations.$inferSelect;

/** What the launch log records of a launch; filled as validation learns it. */
export interface LaunchFacts {
  integrationId: number | null;
  institutionId: number | null;
  issuer: string | null;
  deploymentId: string | null;
  contextId: string | null;
  /** The LMS course's title (or label), shown in the console instead of its numeric id. */
  contextTitle: string | null;
  /** The client id the request claimed (aud/azp, login's client_id), kept when no registration has it. */
  clientId: string | null;
  messageType: string | null;
  roles: string[] | null;
  sub: string | null;
  /** The launch's locale claim, for the page language. */
  locale: string | null;
  /** The verified launch's return URL (the LMS course), for "continue in a new window". */
  returnUrl: string | null;
  registration: Registration | null;
}

export function emptyFacts(): LaunchFacts {
  return {
    integrationId: null,
    institutionId: null,
    issuer: null,
    deploymentId: null,
    contextId: null,
    contextTitle: null,
    clientId: null,
    messageType: null,
    roles: null,
    sub: null,
    locale: null,
    returnUrl: null,
    registration: null,
  };
}

export interface ValidLaunch {
  registration: Registration;
  institutionId: number;
  deploymentId: string;
  messageType: MessageType;
  claims: JWTPayload & Record<string, unknown>;
  roles: string[];
  contextId: string | null;
  contextTitle: string | null;
  /** The verified nonce (consumed by consumeNonceAndState). */
  nonce: string;
  /** Read with the registration in the launch's first query: the person, the pairing, the signing key. */
  known: {
    userId: number | null;
    pairingId: number | null;
    sectionId: number | null;
    key: SigningKeyRow | null;
  };
}

export interface SigningKeyRow {
  kid: string;
  privateJwk: unknown;
  alg: string;
}

export const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
export const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** Whether a URL is on this tool's own host (its public URL's origin). */
export function onOwnHost(value: unknown, publicUrl: string): boolean {
  try {
    return typeof value === 'string' && new URL(value).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}
