/** Why the tool refused an LTI request: each refusal has its own code, HTTP status and translated text. */
export const LTI_REASONS = {
  malformed: 400,
  badAlg: 401,
  noKid: 401,
  unknownKid: 401,
  keysUnavailable: 401,
  badSignature: 401,
  unknownIssuer: 403,
  registrationPending: 403,
  registrationDisabled: 403,
  badAudience: 401,
  badAzp: 401,
  expired: 401,
  issuedInFuture: 401,
  tooOld: 401,
  noSub: 400,
  subTooLong: 400,
  nonceTooLong: 400,
  contextIdTooLong: 400,
  noNonce: 401,
  nonceReused: 401,
  noState: 400,
  unknownState: 400,
  stateExpired: 400,
  stateMismatch: 400,
  notLtiMessage: 400,
  badVersion: 400,
  noDeployment: 400,
  unknownDeployment: 403,
  noResourceLink: 400,
  noRoles: 400,
  badTargetLink: 400,
  badLoginRequest: 400,
  sessionExpired: 401,
  badRegistration: 400,
  platformUnreachable: 400,
} as const;

export type LtiReason = keyof typeof LTI_REASONS;
/** The refusal of a protocol request; `state` reasons offer "continue in a new window". */
export class LtiRefusal extends Error {
  constructor(
    readonly reason: LtiReason,
    detail?: string,
  ) {
    super(detail ?? reason);
  }
  get status() {
    return LTI_REASONS[this.reason];
  }
  get code() {
    return `lti.${this.reason}`;
  }
}

export const refuse = (reason: LtiReason, detail?: string) => new LtiRefusal(reason, detail);
