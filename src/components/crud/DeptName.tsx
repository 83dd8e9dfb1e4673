import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStore } from '../store-context';

/** A department id shown as its name (from the departments store). */
export const DeptName = observer(function DeptName({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const root = useStore();
  if (id === null) return <span className="cell-empty">{t('app.unavailable')}</span>;
  const dept = root.departments.list.find((d) => d.id === id);
  return <span>{dept?.name ?? String(id)}</span>;
});
