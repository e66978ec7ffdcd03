import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LTI_REGISTRATION_LINK_HOURS } from '../../../../shared/contract/lti';
import { notifyError } from '../../../lib/notify';
import { downloadCanvasConfig, useCreateRegistrationLink, useToolUrls } from '../api';
import { CopyField } from './CopyField';
import { formatDateTime } from './format';

/** The tool's URLs with copy buttons, the Canvas developer key, and one-time registration links. */
export function ToolSetup({ orgId, canEdit }: { orgId: number; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const urls = useToolUrls(orgId);
  const link = useCreateRegistrationLink();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadCanvasConfig(orgId);
    } catch (e) {
      notifyError(e);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder p="md" data-testid="lti-tool-urls">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('lti.tool.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('lti.tool.description')}
          </Text>
          {urls.data && (
            <>
              <CopyField label={t('lti.tool.login')} value={urls.data.loginUrl} testId="lti-url-login" />
              <LmsFields text={t('lti.tool.fields.login')} />
              <CopyField label={t('lti.tool.launch')} value={urls.data.launchUrl} testId="lti-url-launch" />
              <LmsFields text={t('lti.tool.fields.launch')} />
              <CopyField label={t('lti.tool.jwks')} value={urls.data.jwksUrl} testId="lti-url-jwks" />
              <LmsFields text={t('lti.tool.fields.jwks')} />
              <CopyField
                label={t('lti.tool.deepLink')}
                value={urls.data.deepLinkUrl}
                testId="lti-url-deep-link"
              />
              <LmsFields text={t('lti.tool.fields.deepLink')} />
              <Text size="sm" data-testid="lti-moodle-chooser">
                {t('lti.tool.moodleChooser')}
              </Text>
              <Text size="sm" c="dimmed" data-testid="lti-services">
                {t('lti.tool.services')}
              </Text>
            </>
          )}
          <Group>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              onClick={download}
              loading={downloading}
              data-testid="lti-canvas-json"
            >
              {t('lti.tool.canvasDownload')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md" data-testid="lti-dynamic">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('lti.link.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('lti.link.description', { hours: LTI_REGISTRATION_LINK_HOURS })}
          </Text>
          {canEdit && (
            <Group>
              <Button
                leftSection={<IconLink size={16} aria-hidden="true" />}
                onClick={() => link.mutate(orgId, { onError: notifyError })}
                loading={link.isPending}
                data-testid="lti-create-link"
              >
                {t('lti.link.create')}
              </Button>
            </Group>
          )}
          {link.data && (
            <Alert color="blue" data-testid="lti-link">
              <Stack gap={4}>
                <CopyField label={t('lti.link.label')} value={link.data.url} testId="lti-link-url" />
                <Text size="xs">
                  {t('lti.link.expires', { date: formatDateTime(link.data.expiresAt, i18n.language) })}
                </Text>
              </Stack>
            </Alert>
          )}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

/** Where each LMS asks for a URL (Canvas, Moodle, Blackboard, D2L field names). */
function LmsFields({ text }: { text: string }) {
  return (
    <Text size="xs" c="dimmed" mt={-8}>
      {text}
    </Text>
  );
}
