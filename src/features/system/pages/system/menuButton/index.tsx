import { useMemo } from 'react';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { ResourceDescription } from '../../../../../components/crud/types';
import { useStore } from '../../../../../components/store-context';
import { useSystemTexts } from '../locale';
import { menuButtonFields } from './fields';

/** 菜单按钮 (system/menuButton): every menu's buttons (the permission names and the APIs they open). */
export default function MenuButtonPage() {
  const t = useSystemTexts();
  const root = useStore();
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: '/api/system/menu_button/',
      testId: 'menuButton',
      permissions: { add: 'Create', edit: 'Update', remove: 'Delete', search: 'Search', view: 'Retrieve', export: 'Export' },
      commonColumns: false,
      fields: menuButtonFields(t, true, (id) => root.menu.items.find((item) => item.id === id)?.name),
    }),
    [t, root],
  );
  return <CrudPage description={description} />;
}
