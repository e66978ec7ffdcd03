import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecycleKindT } from '../../../../shared/contract/recycle-bin';

interface Props {
  kinds: readonly RecycleKindT[];
  kind: RecycleKindT | null;
  onChange: (kind: RecycleKindT | null) => void;
}

/** All, or one kind of removed entry among those the user may restore. */
export function KindFilter({ kinds, kind, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('recycleBin.kindFilter')}
      value={kind ?? 'all'}
      onChange={(v) => onChange(v === 'all' ? null : (v as RecycleKindT))}
      data={[
        { value: 'all', label: t('recycleBin.kinds.all') },
        ...kinds.map((k) => ({ value: k, label: t(`recycleBin.kinds.${k}`) })),
      ]}
      style={{ alignSelf: 'flex-start' }}
      data-testid="bin-kind"
    />
  );
}
