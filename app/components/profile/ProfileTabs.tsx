import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';

/** The two tabs of the profile (spec 2.1): plain links, so they work without JavaScript. */
export function ProfileTabs({ current }: { current: 'personal' | 'password' }) {
  const { t } = useTranslation('profile');
  const { variant } = useRootData()!;
  const tabs = [
    { key: 'personal', to: '/debtor/profile', label: t('tabs.personal') },
    { key: 'password', to: '/debtor/profile/password', label: t('tabs.password') },
  ] as const;
  return (
    <nav aria-label={t('tabs.label')}>
      <ul className="tabs">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link to={href(variant, tab.to)} aria-current={current === tab.key ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
