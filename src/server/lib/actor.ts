import type { Capabilities } from '../../shared/permissions';

/** The signed-in user acting on a request, with their capabilities in the institution the route touches. */
export interface Actor {
  userId: number;
  username: string;
  superAdmin: boolean;
  associateSuperAdmin: boolean;
  nasupport: boolean;
  internalUser: boolean;
  /** The institution the route touches, when it touches one. */
  organizationId?: number;
  caps: Capabilities;
  sessionId: string;
  requestId: string;
  /** Under act-as: the signed-in support user; `userId` is then the acted-as user. */
  realUserId?: number;
}
