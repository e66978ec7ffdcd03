import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine's Pagination with spoken names on every control, in the user's language. */
export function Pager(props: PaginationProps & { 'data-testid'?: string }) {
  const { t } = useTranslation();
  return (
    <Pagination
      getControlProps={(control) => ({ 'aria-label': t(`common.pager.${control}`) })}
      getItemProps={(page) => ({ 'aria-label': t('common.pager.page', { page }) })}
      {...props}
    />
  );
}
