import type { ReactNode } from 'react';
import type { ResourceRow } from '../../stores/types';
import { ArrayCell } from '../cells/ArrayCell';
import { DictTag } from '../cells/DictTag';
import { ImageCell } from '../cells/ImageCell';
import { ProgressCell } from '../cells/ProgressCell';
import { TextCell } from '../cells/TextCell';
import { deptBelongValue } from './commonColumns';
import { DeptName } from './DeptName';
import type { FieldDef } from './types';

/** The table cell of a field: custom cell, dictionary tag, image, array, progress, JSON or truncated text. */
export function CellValue({ field, row }: { field: FieldDef; row: ResourceRow }) {
  return cellValue(field, row);
}

/** CellValue's content, for a table's column body (a page of 100 rows saves a component per cell). */
export function cellValue(field: FieldDef, row: ResourceRow): ReactNode {
  const value = row[field.key];
  if (field.column && field.column.cell) return field.column.cell(row);
  if (field.dict || field.options) return <DictTag value={value} dict={field.dict} options={field.options} />;
  switch (field.type) {
    case 'switch':
      return <DictTag value={value} dict="button_whether_bool" />;
    case 'image':
      return <ImageCell value={value} />;
    case 'avatar':
      return <ImageCell value={value} avatar />;
    case 'array':
      return <ArrayCell value={value} />;
    case 'progress':
      return <ProgressCell value={value} />;
    case 'json':
      return <TextCell value={value} json />;
    case 'deptTree':
      return <DeptName id={deptBelongValue(value)} />;
    default:
      return <TextCell value={value} />;
  }
}
