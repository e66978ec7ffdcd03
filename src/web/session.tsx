import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  type Capabilities,
  can,
  NO_CAPABILITIES,
  PERMISSIONS,
  type Permission,
  type TabKey,
  visibleTabs,
} from '../shared/permissions';
import { type Session, useCapabilities } from './features/auth';
import { type Institution, useInstitutionSearch } from './features/institutions';
import { isApiError } from './lib/api';
import { readLocal, STORAGE_KEYS, writeLocal } from './lib/storage';

export interface AppSession {
  session: Session;
  /** The chosen institution; null while a user without institutions has none. */
  institution: Institution | null;
  chooseInstitution: (institution: Institution) => void;
  /** The user's capabilities in the chosen institution. */
  capabilities: Capabilities;
  /** False while a newly chosen institution's capabilities load (`capabilities` are the previous ones). */
  capabilitiesReady: boolean;
  tabs: TabKey[];
  /** Non-flag, non-internal user whose groups lack CAN_ACCESS_ADMIN_DASHBOARD here (spec §6). */
  lacksDashboardAccess: boolean;
}

const AppSessionContext = createContext<AppSession | null>(null);

/** The session, chosen institution and capabilities. Only inside the signed-in shell. */
export function useAppSession(): AppSession {
  const value = useContext(AppSessionContext);
  if (!value) throw new Error('useAppSession outside the signed-in app');
  return value;
}

const storageKey = (userId: number) => `${STORAGE_KEYS.institution}.${userId}`;

function readStoredInstitution(userId: number): Institution | null {
  try {
    const raw = readLocal(storageKey(userId));
    const v = raw ? (JSON.parse(raw) as Partial<Institution>) : null;
    if (v && typeof v.orgId === 'number' && typeof v.displayName === 'string') {
      return { orgId: v.orgId, displayName: v.displayName, organizationName: v.organizationName ?? null };
    }
  } catch {
    // unreadable value: ignored
  }
  return null;
}

const isPermission = (p: string): p is Permission => (PERMISSIONS as readonly string[]).includes(p);

/** What the session itself says about one institution, before (or instead of) asking the server. */
function sessionCapabilities(session: Session, orgId: number | null): Capabilities {
  const known = (orgId !== null && session.userPermissions[String(orgId)]) || session.userPermissions.default;
  return {
    ...NO_CAPABILITIES,
    ...known,
    permissions: (known?.permissions ?? []).filter(isPermission),
    superAdmin: session.superAdmin,
    associateSuperAdmin: session.associateSuperAdmin,
    nasupport: session.nasupport,
    internalUser: session.internalUser,
  };
}

function searchesAll(session: Session) {
  return can(sessionCapabilities(session, null), 'searchAllInstitutions');
}

/**
 * Picks the institution: the stored choice when still allowed, else the first of one's own, else
 * (flag holders and internal users without institutions) the first institution of the whole list.
 */
function initialInstitution(session: Session): Institution | null {
  const stored = readStoredInstitution(session.userId);
  if (stored) {
    const own = session.institutions.find((i) => i.orgId === stored.orgId);
    if (own) return own;
    if (searchesAll(session)) return stored;
  }
  return session.institutions[0] ?? null;
}

interface ProviderProps {
  session: Session;
  /** Rendered while the institution or its capabilities are still loading. */
  fallback: ReactNode;
  children: ReactNode;
}

export function AppSessionProvider({ session, fallback, children }: ProviderProps) {
  const [institution, setInstitution] = useState<Institution | null>(() => initialInstitution(session));
  const needsFirst = institution === null && searchesAll(session);
  const first = useInstitutionSearch('', { limit: 1, enabled: needsFirst });
  const firstFound = first.data?.organizations[0] ?? null;
  /** The last institution the server refused (403/404): never chosen again automatically. */
  const lastRefused = useRef<number | null>(null);

  useEffect(() => {
    if (needsFirst && firstFound && firstFound.orgId !== lastRefused.current) setInstitution(firstFound);
  }, [needsFirst, firstFound]);

  const chooseInstitution = useCallback(
    (next: Institution) => {
      setInstitution(next);
      writeLocal(storageKey(session.userId), JSON.stringify(next));
    },
    [session.userId],
  );

  const orgId = institution?.orgId ?? null;
  const caps = useCapabilities(orgId);

  // a stored institution that is gone or out of reach: fall back to the default choice
  const refused = isApiError(caps.error) && (caps.error.status === 403 || caps.error.status === 404);
  useEffect(() => {
    if (!refused || orgId === null) return;
    lastRefused.current = orgId;
    writeLocal(storageKey(session.userId), null);
    setInstitution(session.institutions.find((i) => i.orgId !== orgId) ?? null);
  }, [refused, orgId, session]);

  const ready = orgId === null || caps.isError || caps.data?.organizationId === orgId;
  const current = useMemo<Capabilities | null>(() => {
    if (!ready) return null;
    const d = caps.data;
    if (d && d.organizationId === orgId) {
      return {
        permissions: d.permissions,
        superAdmin: d.superAdmin,
        associateSuperAdmin: d.associateSuperAdmin,
        nasupport: d.nasupport,
        internalUser: d.internalUser,
        member: d.member,
      };
    }
    return sessionCapabilities(session, orgId);
  }, [ready, caps.data, orgId, session]);

  // while another institution's capabilities load, the previous ones keep the header steady
  const [settled, setSettled] = useState<Capabilities | null>(null);
  useEffect(() => {
    if (current) setSettled(current);
  }, [current]);
  const capabilities = current ?? settled;

  const value = useMemo<AppSession | null>(() => {
    if (!capabilities) return null;
    const flagged =
      capabilities.superAdmin ||
      capabilities.associateSuperAdmin ||
      capabilities.nasupport ||
      capabilities.internalUser;
    return {
      session,
      institution,
      chooseInstitution,
      capabilities,
      capabilitiesReady: current !== null,
      tabs: withCoursesTab(
        visibleTabs(capabilities),
        // spec §6: Courses always; only a user sent to /unauthorizedUser (one institution, no dashboard) has none
        flagged ||
          capabilities.permissions.includes('CAN_ACCESS_ADMIN_DASHBOARD') ||
          session.institutions.length > 1,
      ),
      lacksDashboardAccess: !flagged && !capabilities.permissions.includes('CAN_ACCESS_ADMIN_DASHBOARD'),
    };
  }, [session, institution, chooseInstitution, capabilities, current]);

  if (!value || (needsFirst && first.isPending) || refused) return <>{fallback}</>;
  return <AppSessionContext.Provider value={value}>{children}</AppSessionContext.Provider>;
}

/** The Courses tab first whenever the user stays in the app (spec §6 "Courses | always"). */
function withCoursesTab(tabs: TabKey[], staysInApp: boolean): TabKey[] {
  return staysInApp && !tabs.includes('courses') ? ['courses', ...tabs] : tabs;
}
