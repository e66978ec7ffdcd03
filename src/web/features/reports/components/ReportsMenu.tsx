import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportsApi } from '../../../../shared/contract/reports';
import { downloadFile } from '../../../lib/download';
import { notifyError, notifySuccess } from '../../../lib/notify';

const REPORTS = [
  { key: 'reportIS', path: reportsApi.isReport.path, file: 'ISReport.csv' },
  { key: 'reportCS', path: reportsApi.csReport.path, file: 'CSReport.csv' },
  { key: 'reportCensus', path: reportsApi.censusData.path, file: 'CensusData.csv' },
] as const;

/** ISReport, CSReport and census data downloads of the chosen institution. */
export function ReportsMenu({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async (path: string, file: string) => {
    setBusy(true);
    try {
      const name = await downloadFile(path, { organizationId }, file);
      notifySuccess(t('institutions.reports.downloaded', { file: name }));
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          loading={busy}
          data-testid="reports"
        >
          {t('institutions.reports.title')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {REPORTS.map((r) => (
          <Menu.Item key={r.key} onClick={() => void download(r.path, r.file)}>
            {t(`institutions.reports.${r.key}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
