import { describe, expect, it } from 'vitest';
import type { FieldDef } from './types';
import { fieldOfMessage } from './validate';

const fields: FieldDef[] = [
  { key: 'expression', label: 'Crontab expression', form: { serverNames: ['Crontab 表达式'] } },
  { key: 'timezone', label: '时区', form: {} },
  { key: 'schedules', label: '调度数', form: false },
  { key: 'crontab', label: 'Crontab', form: { serverNames: ['调度'] } },
];

describe('a server refusal naming a field', () => {
  it('goes to the field whose server name, label or key starts it (with :, ： or 无效)', () => {
    expect(fieldOfMessage(fields, 'Crontab 表达式无效：值 61 超出范围 0-59。')).toBe('expression');
    expect(fieldOfMessage(fields, '时区:未知的时区 Mars/Base。')).toBe('timezone');
    expect(fieldOfMessage(fields, 'timezone：必填')).toBe('timezone');
    expect(fieldOfMessage(fields, 'Crontab:id 为 9 的 Crontab 不存在（可能已被删除）。')).toBe('crontab');
    expect(fieldOfMessage(fields, '调度:请在 Crontab 和间隔周期中选择一个（只能选一个）。')).toBe('crontab');
  });

  it('names none for other messages, fields not in the form, or a name without its separator', () => {
    expect(fieldOfMessage(fields, '服务暂不可用，请稍后重试')).toBeNull();
    expect(fieldOfMessage(fields, '调度数:不能修改')).toBeNull();
    expect(fieldOfMessage(fields, '时区设置已更新')).toBeNull();
  });
});
