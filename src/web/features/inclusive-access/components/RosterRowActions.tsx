import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { OptWindowSchema } from '../../../../shared/contract/inclusive-access';
import { type Capabilities, can } from '../../../../shared/permissions';
import { accessDisplay, type OptStatus } from '../../../../shared/status';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDropEnrollment, useResendAccessMail } from '../api';
import { ExtendTrialModal } from './ExtendTrialModal';
import { OptChangeModal } from './OptChangeModal';

export interface RowStudent {
  enrollmentId: number;
  firstName: string;
  lastName: string;
  optStatus: OptStatus;
  courseRole: string;
  droppedAt: string | null;
  access: { type: string; endsAt: string | null };
}

/**
 * A roster row's actions for staff who may: opt in/out (after census only with the late-override
 * right, with a reason), extend a running trial, resend the access e-mail, drop. None for
 * instructors and TAs, nor for those without the right.
 */
export function RosterRowActions(p: {
  sectionId: number;
  window: z.infer<typeof OptWindowSchema>;
  student: RowStudent;
  capabilities: Capabilities;
}) {
  const { t } = useTranslation();
  const [modal, setModal] = useState<'opt' | 'trial' | null>(null);
  const mail = useResendAccessMail(p.sectionId);
  const drop = useDropEnrollment(p.sectionId);
  const s = p.student;
  if (!can(p.capabilities, 'editOptStatus') || s.courseRole !== 'student') return null;
  const name = `${s.firstName} ${s.lastName}`;
  const mayOpt = p.window.optModel !== 'none' && (!p.window.locked || can(p.capabilities, 'overrideOptLock'));
  const to: OptStatus = s.optStatus === 'optout' ? 'optin' : 'optout';
  const onTrial = accessDisplay(s.access) === 'trial' && !s.droppedAt;
  const done = (key: 'inclusiveAccess.actions.mailSent' | 'inclusiveAccess.actions.dropped') => ({
    onSuccess: () => notifySuccess(t(key, { name })),
    onError: (e: unknown) => notifyError(e),
  });
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={t('inclusiveAccess.actions.menu', { name })}
            data-testid="row-actions"
          >
            <IconDots size={16} aria-hidden="true" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {mayOpt && (
            <Menu.Item onClick={() => setModal('opt')} data-testid="row-opt">
              {t(to === 'optout' ? 'inclusiveAccess.actions.optOut' : 'inclusiveAccess.actions.optIn')}
              {p.window.locked ? ` (${t('inclusiveAccess.actions.late')})` : ''}
            </Menu.Item>
          )}
          {onTrial && (
            <Menu.Item onClick={() => setModal('trial')}>
              {t('inclusiveAccess.actions.extendTrial')}
            </Menu.Item>
          )}
          <Menu.Item
            onClick={() =>
              mail.mutate({ enrollmentId: s.enrollmentId }, done('inclusiveAccess.actions.mailSent'))
            }
          >
            {t('inclusiveAccess.actions.resendMail')}
          </Menu.Item>
          {!s.droppedAt && (
            <Menu.Item
              color="red"
              onClick={() =>
                drop.mutate({ enrollmentId: s.enrollmentId }, done('inclusiveAccess.actions.dropped'))
              }
            >
              {t('inclusiveAccess.actions.drop')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {modal === 'opt' && (
        <OptChangeModal
          sectionId={p.sectionId}
          enrollmentId={s.enrollmentId}
          studentName={name}
          to={to}
          late={p.window.locked}
          onClose={() => setModal(null)}
        />
      )}
      {modal === 'trial' && (
        <ExtendTrialModal
          sectionId={p.sectionId}
          enrollmentId={s.enrollmentId}
          studentName={name}
          onClose={() => setModal(null)}
        />
      )}
    </>
  );
}
