import { useMemo } from 'react';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { ResourceDescription } from '../../../../../components/crud/types';
import { ImageCell } from '../../../../../components/cells/ImageCell';
import { useSystemTexts } from '../locale';
import { formatBytes } from '../../../../../stores/format';
import { NEWEST_FIRST } from '../../../../../components/crud/presets';

const IMAGE_MIME = /^image\//;

/** 附件管理 (system/fileList): uploaded files; images preview in the table. */
export default function FileListPage() {
  const t = useSystemTexts();
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: '/api/system/file/',
      testId: 'fileList',
      ordering: NEWEST_FIRST,
      permissions: { view: 'Retrieve', edit: 'Update', remove: 'Delete', search: 'Search', export: 'Export' },
      fields: [
        { key: 'name', label: t('sys.file.name'), search: true, column: { width: 180, filter: true }, form: { span: 24, rules: { required: true, maxLength: 200 } } },
        {
          key: 'url',
          label: t('sys.file.url'),
          column: {
            width: 120,
            cell: (row) => {
              const url = typeof row.url === 'string' ? (/^(https?:)?\//.test(row.url) ? row.url : `/${row.url}`) : '';
              return IMAGE_MIME.test(String(row.mime_type)) ? (
                <ImageCell value={url} />
              ) : (
                <a href={url} target="_blank" rel="noreferrer">
                  {String(row.name ?? url)}
                </a>
              );
            },
          },
          form: false,
        },
        { key: 'mime_type', label: t('sys.file.mimeType'), search: true, column: { width: 120, filter: true }, form: false },
        { key: 'size', label: t('sys.file.size'), column: { width: 120, sortable: true, cell: (row) => <span>{formatBytes(Number(row.size))}</span> }, form: false },
        { key: 'engine', label: t('sys.file.engine'), search: true, column: { width: 80, filter: true }, form: false },
        { key: 'md5sum', label: t('sys.file.md5sum'), column: { width: 160 }, form: false },
      ],
      toBody: (values) => ({ name: values.name, description: values.description ?? null }),
    }),
    [t],
  );
  return <CrudPage description={description} />;
}
