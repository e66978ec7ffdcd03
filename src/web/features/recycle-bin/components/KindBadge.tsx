import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecycleKindT } from '../../../../shared/contract/recycle-bin';

/** What a removed entry is (course, role or role member), as a coloured badge. */
export function KindBadge({ kind }: { kind: RecycleKindT }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={kind === 'section' ? 'blue' : kind === 'role' ? 'grape' : 'violet'}
      tt="none"
      style={{ minWidth: 'max-content' }}
    >
      {t(`recycleBin.kinds.${kind}`)}
    </Badge>
  );
}
