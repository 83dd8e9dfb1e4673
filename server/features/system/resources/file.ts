import { FILE_LIST_LABELS, fileListInput } from '../../../../contracts/schemas';
import type { ResourceSpec } from '../../../domain/crud/spec';
import { datetimeCol, listFields, readOnlyCol, selectOf, viewOf } from '../../../domain/crud/resource-helpers';

const FILE_COLUMNS = ['name', 'url', 'file_url', 'engine', 'mime_type', 'size', 'md5sum'];

/** Uploaded files (/api/system/file/): the rows behind routes/files.ts (which serves upload, list, one row, rename, delete). */
export function fileListSpec(): ResourceSpec {
  return {
    path: 'file',
    title: '附件',
    table: 'file_list',
    select: selectOf(FILE_COLUMNS),
    view: (r) => ({ ...viewOf(FILE_COLUMNS)(r), size: Number(r.size ?? 0), file_url: r.file_url ?? '', engine: r.engine ?? 'local', mime_type: r.mime_type ?? '', md5sum: r.md5sum ?? '' }),
    fields: listFields({ name: 'icontains', mime_type: 'icontains', engine: 'exact', md5sum: 'exact', size: 'sort' }),
    defaultOrder: '-create_datetime',
    search: ['t.name', 't.mime_type'],
    dataScope: true,
    createSchema: fileListInput,
    labels: FILE_LIST_LABELS,
    columns: { name: { column: 'name' } },
    sheet: [readOnlyCol('name', '名称', 30), readOnlyCol('url', 'url', 40), readOnlyCol('mime_type', 'Mime类型'), readOnlyCol('size', '文件大小'), readOnlyCol('md5sum', '文件md5', 34), datetimeCol('create_datetime', '上传时间')],
  };
}
