import type { MessageCreateRequest, MessageTargetType } from '../../../../../../contracts/schemas';
import { MESSAGE_TITLE_MAX } from '../../../../../config';

/** The compose form's state. */
export interface ComposeForm {
  title: string;
  content: string;
  targetType: MessageTargetType;
  users: number[];
  roles: number[];
  depts: number[];
}

export const emptyCompose = (): ComposeForm => ({ title: '', content: '', targetType: 0, users: [], roles: [], depts: [] });

export type ComposeErrors = Partial<Record<'title' | 'content' | 'targets', string>>;

/** Whether editor HTML holds anything visible (text or an image). */
export function hasContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim().length > 0;
}

/** Client-side checks (the server checks again); values are i18n keys with params. */
export function validateCompose(form: ComposeForm): Partial<Record<'title' | 'content' | 'targets', { key: string; params?: Record<string, number> }>> {
  const errors: Partial<Record<'title' | 'content' | 'targets', { key: string; params?: Record<string, number> }>> = {};
  const title = form.title.trim();
  if (!title) errors.title = { key: 'messages.compose.titleRequired' };
  else if (title.length > MESSAGE_TITLE_MAX) errors.title = { key: 'messages.compose.titleTooLong', params: { max: MESSAGE_TITLE_MAX } };
  if (!hasContent(form.content)) errors.content = { key: 'messages.compose.contentRequired' };
  const targets = form.targetType === 0 ? form.users : form.targetType === 1 ? form.roles : form.targetType === 2 ? form.depts : [0];
  if (targets.length === 0) errors.targets = { key: 'messages.compose.targetsRequired' };
  return errors;
}

/** The request body for the form (only the target list the type uses). */
export function composeRequest(form: ComposeForm): MessageCreateRequest {
  const body: MessageCreateRequest = { title: form.title.trim(), content: form.content, target_type: form.targetType };
  if (form.targetType === 0) body.target_user = form.users;
  if (form.targetType === 1) body.target_role = form.roles;
  if (form.targetType === 2) body.target_dept = form.depts;
  return body;
}
