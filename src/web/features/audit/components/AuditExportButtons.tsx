import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AuditExportFormat } from './useAuditExport';

interface Props {
  exporting: AuditExportFormat | null;
  onExport: (format: AuditExportFormat) => void;
}

/** The page's CSV and Excel download buttons. */
export function AuditExportButtons({ exporting, onExport }: Props) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden="true" />}
        onClick={() => onExport('csv')}
        loading={exporting === 'csv'}
        disabled={exporting === 'xlsx'}
        data-testid="audit-export"
      >
        {t('audit.export')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden="true" />}
        onClick={() => onExport('xlsx')}
        loading={exporting === 'xlsx'}
        disabled={exporting === 'csv'}
        data-testid="audit-export-xlsx"
      >
        {t('audit.exportXlsx')}
      </Button>
    </Group>
  );
}
