import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { notifyError } from '../../../lib/notify';
import { exportOffers } from '../api';

interface OffersExportProps {
  organizationIds: number[];
  filters: Parameters<typeof exportOffers>[1];
  disabled: boolean;
}

/** The offers list's export button: the offers of the listed institutions under the same filters. */
export function OffersExport({ organizationIds, filters, disabled }: OffersExportProps) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    setExporting(true);
    try {
      await exportOffers(organizationIds, filters);
    } catch (e) {
      notifyError(errorText(e));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      onClick={download}
      loading={exporting}
      disabled={disabled}
      data-testid="offers-export"
    >
      {t('offers.export')}
    </Button>
  );
}
