import { Button, Group } from '@mantine/core';
import { IconFileOff, IconPlus, IconUserSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { can } from '../../../../shared/permissions';
import { useAppSession } from '../../../session';
import { ReportsMenu } from '../../reports';
import type { CourseActions } from '../api';

interface Props {
  organizationId: number;
  /** The list's answer: absent while it loads. */
  actions: CourseActions | undefined;
  onOptOut: () => void;
}

/** The course list page's header buttons: create, opt-out files, the dashboard, reports, find a person. */
export function CourseListPageActions({ organizationId, actions, onOptOut }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { capabilities } = useAppSession();
  return (
    <Group gap="sm">
      {actions?.create && (
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => navigate('/createCourse')}
          data-testid="create-course"
        >
          {t('institutions.createCourse')}
        </Button>
      )}
      {can(capabilities, 'viewInstitution') && (
        <Button
          variant="default"
          leftSection={<IconFileOff size={16} aria-hidden="true" />}
          onClick={onOptOut}
          data-testid="opt-out-open"
        >
          {t('institutions.optOut.title')}
        </Button>
      )}
      <Button component={Link} to="/institution/overview" variant="light" data-testid="overview-link">
        {t('inclusiveAccess.dashboard.title')}
      </Button>
      {actions?.reports && <ReportsMenu organizationId={organizationId} />}
      {can(capabilities, 'findPeople') && (
        <Button
          variant="default"
          onClick={() => navigate('/people')}
          leftSection={<IconUserSearch size={16} aria-hidden="true" />}
          data-testid="find-person"
        >
          {t('people.open')}
        </Button>
      )}
    </Group>
  );
}
