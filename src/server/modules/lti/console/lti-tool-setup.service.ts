/** The tool's own set-up in the console: one-time registration links, its URLs, the Canvas developer key. */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  CANVAS_CONFIG_FILE,
  type CanvasDeveloperKey,
  LTI_REGISTRATION_LINK_HOURS,
  LTI_TOOL_SCOPES,
  type LtiToolConfigurationResponse,
} from '../../../../shared/contract/lti';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../lib/actor';
import { audit } from '../../../lib/audit';
import { insertRegistrationLink } from './lti-console.queries';
import { hashLinkToken } from '../shared/lti-link-token';
import { requireInstitution } from './lti-console-read.service';

/** POST a one-time dynamic-registration link for the institution (24 h). Only its hash is stored. */
export async function createRegistrationLink(db: Db, actor: Actor, config: Config, organizationId: number) {
  await requireInstitution(db, organizationId);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + LTI_REGISTRATION_LINK_HOURS * 3_600_000);
  const link = await db.transaction(async (tx) => {
    const row = await insertRegistrationLink(tx, {
      institutionId: organizationId,
      tokenHash: hashLinkToken(token),
      createdBy: actor.userId,
      expiresAt,
    });
    await audit(tx, actor, {
      action: 'lti.registrationLink.create',
      entityType: 'ltiRegistrationLink',
      entityId: row.id,
      institutionId: organizationId,
      after: { expiresAt: row.expiresAt.toISOString() },
    });
    return row;
  });
  return {
    url: `${toolUrls(config).registrationUrl}?link=${token}`,
    expiresAt: link.expiresAt.toISOString(),
  };
}

/** The tool's own URLs, from PUBLIC_URL. */
export function toolUrls(config: Pick<Config, 'publicUrl'>): z.infer<typeof LtiToolConfigurationResponse> {
  const base = config.publicUrl.replace(/\/+$/, '');
  return {
    loginUrl: `${base}/lti/login`,
    launchUrl: `${base}/lti/launch`,
    jwksUrl: `${base}/lti/jwks`,
    deepLinkUrl: `${base}/lti/deep-link`,
    registrationUrl: `${base}/lti/register`,
  };
}

/** The Canvas developer key (LTI key, "Paste JSON") for this tool. */
export function canvasDeveloperKey(config: Pick<Config, 'publicUrl'>): {
  fileName: string;
  body: z.infer<typeof CanvasDeveloperKey>;
} {
  const urls = toolUrls(config);
  const placement = (placement: string, messageType: string) => ({
    placement,
    message_type: messageType,
    target_link_uri: urls.launchUrl,
  });
  return {
    fileName: CANVAS_CONFIG_FILE,
    body: {
      title: 'Courseware',
      description: 'Courseware course materials (LTI 1.3).',
      oidc_initiation_url: urls.loginUrl,
      target_link_uri: urls.launchUrl,
      public_jwk_url: urls.jwksUrl,
      scopes: [...LTI_TOOL_SCOPES],
      extensions: [
        {
          platform: 'canvas.instructure.com',
          privacy_level: 'public',
          settings: {
            placements: [
              placement('course_navigation', 'LtiResourceLinkRequest'),
              placement('link_selection', 'LtiDeepLinkingRequest'),
              placement('assignment_selection', 'LtiDeepLinkingRequest'),
            ],
          },
        },
      ],
    },
  };
}
