import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TABS, type TabKey } from '../../../shared/permissions';
import classes from './Header.module.css';

interface Props {
  /** Tabs the user may open in the chosen institution (`visibleTabs()`). */
  tabs: TabKey[];
  /** The tab of the current path. */
  active: TabKey | null;
}

/** The header tabs in TABS order; a link per tab, the current one marked for assistive technology. */
export function TabsNav({ tabs, active }: Props) {
  const { t } = useTranslation();
  const shown = TABS.filter((tab) => tabs.includes(tab.key));
  if (shown.length === 0) return null;
  return (
    <nav aria-label={t('tabs.navLabel')} className={classes.nav}>
      <ul className={classes.tabs} data-testid="tabs">
        {shown.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.path}
              className={classes.tab}
              aria-current={tab.key === active ? 'page' : undefined}
              data-tab={tab.key}
            >
              {t(`tabs.${tab.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
