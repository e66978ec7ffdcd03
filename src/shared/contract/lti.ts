/**
 * The LTI 1.3 integrations console (spec §2 /ltiIntegrations, §6 CAN_ACCESS_LTI_1_3_INTEGRATION):
 * registrations of the chosen institution, their deployments, tool keys and
 * launch log, one-time dynamic-registration links, the tool's URLs and the Canvas developer key.
 */
import { z } from 'zod';
import { IdParam, OkResponse, OrganizationQuery, RowId, text } from './common';
import { LtiRosterSync } from './lti-roster';
import { defineRoute } from './route';

/** LMS kinds a registration may name. */
export const LTI_LMS_KINDS = [
  'canvas',
  'blackboard',
  'moodle',
  'd2l',
  'schoology',
  'sakai',
  'other',
] as const;
/** Registration status: Pending (arrived by dynamic registration, awaiting approval), Active, Disabled. */
export const LTI_STATUSES = ['pending', 'active', 'disabled'] as const;
/** What a launch-log row says of a launch. */
export const LTI_LAUNCH_RESULTS = ['accepted', 'refused'] as const;
/** Launch-log rows an integration detail shows. */
export const LTI_LAUNCH_LOG_LIMIT = 100;
/** Deployment ids one registration may hold. */
export const LTI_MAX_DEPLOYMENTS = 50;
/** Hours a dynamic-registration link stays usable. */
export const LTI_REGISTRATION_LINK_HOURS = 24;
/** File name of the Canvas developer-key JSON download. */
export const CANVAS_CONFIG_FILE = 'canvas-developer-key.json';
/**
 * Scopes the tool asks a platform for: Names and Role Provisioning only (the roster sync). No
 * Assignment and Grade Services scope: grade passback is not built.
 */
export const LTI_TOOL_SCOPES = [
  'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
] as const;

/** Whether a URL is one a platform endpoint may have: https, or http on this machine (localhost). */
export function isPlatformUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
export const PLATFORM_URL_MESSAGE = 'An https URL is required (http only for localhost).';

const platformUrl = () => text().trim().min(1).max(2000).refine(isPlatformUrl, PLATFORM_URL_MESSAGE);

export const LtiLmsKind = z.enum(LTI_LMS_KINDS);
export const LtiStatus = z.enum(LTI_STATUSES);
export const LtiLaunchResult = z.enum(LTI_LAUNCH_RESULTS);

/** A deployment id as typed in the console, and the institution its launches belong to. */
export const LtiDeploymentInput = z.object({
  deploymentId: text()
    .trim()
    .min(1)
    .max(255)
    .describe('The deployment id the platform sends (lti deployment_id claim).'),
  organizationId: RowId.optional().describe(
    "Institution the deployment's launches belong to; default: the registration's institution.",
  ),
});

const RegistrationFields = {
  lmsKind: LtiLmsKind.describe('LMS kind: canvas, blackboard, moodle, d2l, schoology, sakai or other.'),
  name: text().trim().min(1).max(120).describe('Name shown in the console and the Products page.'),
  issuer: platformUrl().describe('Platform issuer (iss claim), an https URL.'),
  clientId: text().trim().min(1).max(255).describe('Client id the platform gave the tool (aud claim).'),
  deployments: z
    .array(LtiDeploymentInput)
    .min(1)
    .max(LTI_MAX_DEPLOYMENTS)
    .refine(
      (list) => new Set(list.map((d) => d.deploymentId)).size === list.length,
      'Each deployment id may be listed once.',
    )
    .describe('Deployment ids of the registration, each mapped to an institution.'),
  authLoginUrl: platformUrl().describe("Platform's OIDC authorization URL (where /lti/login redirects)."),
  authTokenUrl: platformUrl()
    .nullable()
    .optional()
    .describe("Platform's OAuth 2 token URL; needed only for the roster sync (NRPS)."),
  keysetUrl: platformUrl().describe("Platform's JWKS URL (keys of its id_tokens)."),
};

/** POST /api/lti/registrations : a registration added by hand (Active at once). */
export const CreateLtiRegistrationBody = z.object({
  organizationId: RowId.describe('Institution whose console owns the registration.'),
  ...RegistrationFields,
});
/** PUT /api/lti/registrations/:registrationId : every field again (the institution stays). */
export const UpdateLtiRegistrationBody = z.object(RegistrationFields);

/** PUT /api/lti/registrations/:registrationId/status : approve a Pending one, disable, enable again. */
export const LtiStatusBody = z.object({
  status: z
    .enum(['active', 'disabled'])
    .describe('active: approve (Pending) or enable (Disabled); disabled: launches stop.'),
});

export const LtiRegistrationParams = z.object({
  registrationId: IdParam.describe('Registration id.'),
});

export const LtiRegistrationDetailQuery = z.object({
  result: LtiLaunchResult.optional().describe('Only launches with this result; all when absent.'),
});

/** One deployment of a registration. */
export const LtiDeployment = z.object({
  deploymentId: z.string().describe('Deployment id.'),
  organizationId: z.number().int().describe('Institution its launches belong to.'),
  institutionName: z.string().describe('Display name of that institution.'),
});

/** One registration as the console lists it. */
export const LtiRegistration = z.object({
  registrationId: z.number().int().describe('Registration id.'),
  organizationId: z.number().int().describe('Institution whose console owns the registration.'),
  lmsKind: z.string().describe('LMS kind.'),
  name: z.string().describe('Name.'),
  issuer: z.string().describe('Platform issuer.'),
  clientId: z.string().describe('Client id.'),
  status: LtiStatus.describe('pending, active or disabled.'),
  deployments: z.array(LtiDeployment).describe('Deployment ids and their institutions.'),
  authLoginUrl: z.string().nullable().describe('Platform OIDC authorization URL.'),
  authTokenUrl: z.string().nullable().describe('Platform token URL.'),
  keysetUrl: z.string().nullable().describe('Platform JWKS URL.'),
  createdAt: z.string().describe('When it was registered (ISO 8601).'),
  viaDynamicRegistration: z.boolean().describe('Whether it arrived through a dynamic-registration link.'),
  lastLaunchAt: z.string().nullable().describe('Time of its last launch, accepted or refused; null if none.'),
  lastError: z
    .object({
      reasonCode: z.string().describe('Reason code of the refusal.'),
      at: z.string().describe('When (ISO 8601).'),
    })
    .nullable()
    .describe('Its last refused launch; null if none.'),
  canEdit: z.boolean().describe('Whether the caller may change it (its own institution, editLti).'),
});
export type LtiRegistration = z.infer<typeof LtiRegistration>;

/** GET /api/lti/registrations?organizationId= */
export const LtiRegistrationsResponse = z.object({
  registrations: z
    .array(LtiRegistration)
    .describe('Registrations owned by the institution or holding one of its deployments.'),
  canEdit: z.boolean().describe('Whether the caller may add registrations and links here.'),
});

/** A tool key of a registration (integrationKeyStoreDTOList). Never the private key. */
export const LtiToolKey = z.object({
  kid: z.string().describe('Key id (JWK kid).'),
  alg: z.string().describe('Signature algorithm.'),
  createdAt: z.string().describe('When it was made (ISO 8601).'),
  retiredAt: z.string().nullable().describe('When it leaves /lti/jwks (ISO 8601); null for the signing key.'),
  activatesAt: z
    .string()
    .nullable()
    .describe(
      'When it starts signing (ISO 8601): a rotated-in key is published first; null: from its creation.',
    ),
  state: z
    .enum(['next', 'signing', 'overlap', 'retired'])
    .describe(
      'next: published in /lti/jwks, signs from activatesAt; signing: signs now; overlap: still in /lti/jwks until retiredAt; retired: gone.',
    ),
});

/** One launch-log row (no id_token, no personal data). */
export const LtiLaunch = z.object({
  id: z.number().int().describe('Launch-log row id.'),
  at: z.string().describe('Time of the launch (ISO 8601).'),
  result: LtiLaunchResult.describe('accepted or refused.'),
  reasonCode: z.string().nullable().describe('Reason code of a refusal; null when accepted.'),
  deploymentId: z.string().nullable().describe('Deployment id sent.'),
  contextId: z.string().nullable().describe('LMS course (context) id sent.'),
  contextTitle: z.string().nullable().describe("LMS course's title (or label) sent; null if none."),
  messageType: z.string().nullable().describe('LTI message type.'),
  roles: z.array(z.string()).describe('Role URIs sent.'),
});

/** A refusal from the registration's issuer before any registration could be chosen (unknown client id, no kid, …). */
export const LtiUnknownClientLaunch = z.object({
  id: z.number().int().describe('Launch-log row id.'),
  at: z.string().describe('Time of the refusal (ISO 8601).'),
  clientId: z
    .string()
    .nullable()
    .describe('Client id the request claimed (aud/azp or client_id); null if none.'),
  reasonCode: z.string().describe('Reason code of the refusal.'),
  deploymentId: z.string().nullable().describe('Deployment id the request named, unverified.'),
});

/** LTI Advantage services the tool uses, and those it does not (shown in the console). */
export const LTI_SERVICES_USED = ['coreLaunch', 'deepLinking', 'dynamicRegistration', 'nrps'] as const;
export const LTI_SERVICES_UNUSED = ['ags'] as const;

/** The fields a re-registration (the platform registering again) may change. */
export const LTI_REREGISTER_FIELDS = [
  'lmsKind',
  'name',
  'issuer',
  'clientId',
  'authLoginUrl',
  'authTokenUrl',
  'keysetUrl',
  'addedDeployment',
] as const;

export const LtiReregistration = z.object({
  at: z.string().describe('When the platform registered again (ISO 8601).'),
  changes: z
    .array(
      z.object({
        field: z.enum(LTI_REREGISTER_FIELDS).describe('The registration field that changed.'),
        before: z.string().nullable().describe('Its value before; null when it had none.'),
        after: z.string().nullable().describe('Its value after.'),
      }),
    )
    .describe('What changed; empty when the platform sent the same values.'),
});

/** GET /api/lti/registrations/:registrationId?result= */
export const LtiRegistrationDetailResponse = z.object({
  registration: LtiRegistration.describe('The registration.'),
  keys: z.array(LtiToolKey).describe('Its tool keys, newest first.'),
  rosterSyncs: z
    .array(LtiRosterSync)
    .describe('Its paired courses whose launches offer NRPS, with their last roster sync.'),
  lastReregistration: LtiReregistration.nullable().describe(
    'Its last re-registration by the platform and what it changed (from the audit log); null if none.',
  ),
  launches: z
    .array(LtiLaunch)
    .describe(`Its last ${LTI_LAUNCH_LOG_LIMIT} launches (with the filter), newest first.`),
  unknownClientLaunches: z
    .array(LtiUnknownClientLaunch)
    .optional()
    .describe(
      `Provider staff only: the last ${LTI_LAUNCH_LOG_LIMIT} refusals from its issuer that no registration could be chosen for, newest first.`,
    ),
});

/** POST /api/lti/registrations/:registrationId/keys/rotate */
export const LtiRotateKeyResponse = z.object({
  keys: z.array(LtiToolKey).describe('The tool keys after the rotation, newest first.'),
});

/** POST /api/lti/registrationLinks */
export const CreateLtiRegistrationLinkBody = z.object({
  organizationId: RowId.describe('Institution the registration will belong to.'),
});
export const LtiRegistrationLinkResponse = z.object({
  url: z.string().describe('One-time dynamic registration URL to paste into the LMS.'),
  expiresAt: z.string().describe(`When it stops working (ISO 8601, ${LTI_REGISTRATION_LINK_HOURS} h).`),
});

/** GET /api/lti/toolConfiguration?organizationId= : the tool's own URLs. */
export const LtiToolConfigurationResponse = z.object({
  loginUrl: z.string().describe('OIDC third-party initiated login URL.'),
  launchUrl: z.string().describe('Launch (redirect) URL.'),
  jwksUrl: z.string().describe("The tool's public key set URL."),
  deepLinkUrl: z.string().describe('Deep-linking URL.'),
  registrationUrl: z.string().describe('Dynamic registration URL (needs a one-time link token).'),
});

/** GET /api/lti/canvasConfig?organizationId= : the Canvas developer-key JSON (a download). */
export const CanvasDeveloperKey = z.object({
  title: z.string().describe('Tool name.'),
  description: z.string().describe('Tool description.'),
  oidc_initiation_url: z.string().describe('Login URL.'),
  target_link_uri: z.string().describe('Launch URL.'),
  public_jwk_url: z.string().describe('JWKS URL.'),
  scopes: z.array(z.string()).describe('Services the tool asks for.'),
  extensions: z
    .array(
      z.object({
        platform: z.string().describe('canvas.instructure.com'),
        privacy_level: z.string().describe('Personal data Canvas sends.'),
        settings: z
          .object({
            placements: z
              .array(
                z.object({
                  placement: z.string().describe('Canvas placement.'),
                  message_type: z.string().describe('LTI message type.'),
                  target_link_uri: z.string().describe('URL launched.'),
                }),
              )
              .describe('Placements.'),
          })
          .describe('Canvas settings.'),
      }),
    )
    .describe('Canvas extensions with the placements.'),
});

const registrationPath = '/api/lti/registrations/:registrationId';

/** The LTI console operations (spec §2 /ltiIntegrations); the roster sync is in `ltiRosterApi`. */
export const ltiApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/lti/registrations',
    query: OrganizationQuery,
    response: LtiRegistrationsResponse,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/lti/registrations',
    body: CreateLtiRegistrationBody,
    response: LtiRegistrationDetailResponse,
  }),
  detail: defineRoute({
    method: 'GET',
    path: registrationPath,
    params: LtiRegistrationParams,
    query: LtiRegistrationDetailQuery,
    response: LtiRegistrationDetailResponse,
  }),
  update: defineRoute({
    method: 'PUT',
    path: registrationPath,
    params: LtiRegistrationParams,
    body: UpdateLtiRegistrationBody,
    response: LtiRegistrationDetailResponse,
  }),
  setStatus: defineRoute({
    method: 'PUT',
    path: `${registrationPath}/status`,
    params: LtiRegistrationParams,
    body: LtiStatusBody,
    response: LtiRegistrationDetailResponse,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: registrationPath,
    params: LtiRegistrationParams,
    response: OkResponse,
  }),
  rotateKey: defineRoute({
    method: 'POST',
    path: `${registrationPath}/keys/rotate`,
    params: LtiRegistrationParams,
    response: LtiRotateKeyResponse,
  }),
  createLink: defineRoute({
    method: 'POST',
    path: '/api/lti/registrationLinks',
    body: CreateLtiRegistrationLinkBody,
    response: LtiRegistrationLinkResponse,
  }),
  toolConfiguration: defineRoute({
    method: 'GET',
    path: '/api/lti/toolConfiguration',
    query: OrganizationQuery,
    response: LtiToolConfigurationResponse,
  }),
  /** A download (Content-Disposition) whose JSON body is documented by the schema. */
  canvasConfig: defineRoute({
    method: 'GET',
    path: '/api/lti/canvasConfig',
    query: OrganizationQuery,
    response: CanvasDeveloperKey,
  }),
};
