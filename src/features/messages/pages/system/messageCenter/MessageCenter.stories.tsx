import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackend, storyConsole } from '../../../../../../stories/console';
import { MessageBell } from '../../../components/MessageBell';
import MessageCenterPage from './index';
import { HOSTILE_ID, MESSAGE_CENTER_PATH, messageCenterBackend, REFUSED_LIST_TITLE, REFUSED_MESSAGE, REFUSED_TITLE, type MessageCenterState } from './message-center-mocks';
import { componentOn } from '../../../../../../stories/kit';

/** The page with the header's bell beside it, so the unread count is visible as a person sees it. */
function WithBell() {
  return (
    <>
      <header style={{ display: 'flex', justifyContent: 'flex-end', padding: 8, borderBottom: '1px solid #eee' }}>
        <MessageBell />
      </header>
      <div style={{ padding: 12 }}>
        <MessageCenterPage />
      </div>
    </>
  );
}

/** 消息中心 (spec §2.2 system/messageCenter) on an in-memory message back end. */
const meta = { title: 'Pages/MessageCenter', ...componentOn(WithBell, { console: { path: MESSAGE_CENTER_PATH, signedIn: true, bootstrap: true }, backend: messageCenterBackend() }) } satisfies Meta<typeof WithBell>;

export default meta;
type Story = StoryObj<typeof meta>;

type Context = Parameters<typeof storyConsole>[0] & { parameters: Record<string, unknown>; canvasElement: HTMLElement };
const center = (context: Context): MessageCenterState => (storyBackend(context) as unknown as { center: MessageCenterState }).center;
const body = () => within(document.body);
/** Waits that include a round trip to the mock back end (the CI box is slow). */
const slow = { timeout: 5000 };
const rowsOf = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')].filter((tr) => !tr.classList.contains('p-datatable-emptymessage')) as HTMLElement[];
const cellTexts = (table: HTMLElement, column: number) => rowsOf(table).map((tr) => tr.querySelectorAll('td')[column]?.textContent ?? '');

async function receivedTable(context: Context, rows = 10) {
  const table = await within(context.canvasElement).findByTestId('messages-received-table', {}, { timeout: 5000 });
  await waitFor(() => expect(rowsOf(table)).toHaveLength(rows), { timeout: 5000 });
  return table;
}

async function sentTab(context: Context) {
  const canvas = within(context.canvasElement);
  await userEvent.click(await canvas.findByText('我的发布'));
  const table = await canvas.findByTestId('messages-sent-table');
  await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(0), { timeout: 5000 });
  return table;
}

/** Opens the compose dialog and waits for the editor (a lazy chunk) to be ready. */
async function openCompose(context: Context) {
  await userEvent.click(within(context.canvasElement).getByTestId('message-compose-button'));
  const dialog = await body().findByRole('dialog');
  await waitFor(() => expect(dialog.querySelector('[data-testid="compose-editor"] .ql-editor')).not.toBeNull(), { timeout: 10000 });
  return dialog;
}

async function typeContent(dialog: HTMLElement, text: string) {
  const editor = dialog.querySelector('[data-testid="compose-editor"] .ql-editor') as HTMLElement;
  // Into the (empty) first line, as a click there puts the caret: a click on the container would
  // leave the synthetic caret after it and quill would start a second line.
  await userEvent.click(editor.querySelector('p') ?? editor);
  await userEvent.keyboard(text);
}

/** Closes a picker's overlay by clicking the dialog's header (Escape would close the dialog too). */
async function closeOverlay(dialog: HTMLElement) {
  // PrimeReact listens for outside clicks only once the overlay's enter transition is done.
  await waitFor(() => expect(document.querySelector('.p-multiselect-panel, .p-treeselect-panel')).toHaveClass('p-connected-overlay-enter-done'), slow);
  await userEvent.click(dialog.querySelector('.p-dialog-title') as HTMLElement);
  await waitFor(() => expect(document.querySelector('.p-multiselect-panel, .p-treeselect-panel')).toBeNull(), slow);
}

/** Types into an input at once (paste), which keeps long texts fast. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

/** Chooses the target kind (按用户 / 按角色 / 按部门 / 通知公告). */
const targetKind = (dialog: HTMLElement, label: string) => userEvent.click(within(within(dialog).getByTestId('compose-target-type')).getByText(label));

/**
 * 我的接收: newest first, unread ones tagged 未读 (and bold), paging by 10; opening an unread message
 * shows it in the reader, marks it read on the server and lowers the bell's count.
 */
export const ReceivedReadAndPaging: Story = {
  play: async (context) => {
    const { root } = storyConsole(context).app;
    const canvas = within(context.canvasElement);
    await root.messages.refreshUnread();
    await waitFor(() => expect(canvas.getByTestId('message-bell-badge')).toHaveTextContent('3'), slow);
    const table = await receivedTable(context);
    await expect(center(context).receivedCalls[0]?.get('page')).toBe('1');
    await expect(center(context).receivedCalls[0]?.get('limit')).toBe('10');
    await expect(cellTexts(table, 1).slice(0, 4)).toEqual(['可疑的中奖通知', '运营周报第 12 期', '运营周报第 11 期', '运营周报第 10 期']);
    await expect(cellTexts(table, 0).slice(0, 4)).toEqual(['未读', '未读', '未读', '已读']);
    await expect(rowsOf(table)[1]).toHaveClass('is-unread');
    await expect(cellTexts(table, 2)[1]).toBe('管理员');

    // Page 2 holds the three oldest.
    const pageTwo = [...context.canvasElement.querySelectorAll('.p-paginator-page')].find((b) => b.textContent === '2') as HTMLElement;
    await userEvent.click(pageTwo);
    await waitFor(() => expect(cellTexts(table, 1)).toEqual(['运营周报第 3 期', '运营周报第 2 期', '运营周报第 1 期']), slow);
    await expect(center(context).receivedCalls.at(-1)?.get('page')).toBe('2');
    await userEvent.click([...context.canvasElement.querySelectorAll('.p-paginator-page')].find((b) => b.textContent === '1') as HTMLElement);
    await waitFor(() => expect(cellTexts(table, 1)[1]).toBe('运营周报第 12 期'), slow);

    // Open the unread 第 12 期.
    await userEvent.click(within(rowsOf(table)[1] as HTMLElement).getByTestId('message-row-open'));
    const reader = await body().findByTestId('message-reader');
    await waitFor(() => expect(within(reader).getByText('运营周报第 12 期')).toBeVisible(), slow);
    await expect(reader).toHaveTextContent('发送人：管理员');
    await waitFor(() => expect(body().getByTestId('message-reader-content').querySelector('strong')).toHaveTextContent('收入'), slow);
    await waitFor(() => expect(center(context).opened).toEqual([12]), slow);
    await waitFor(() => expect(canvas.getByTestId('message-bell-badge')).toHaveTextContent('2'), slow);
    await expect(root.messages.unread).toBe(2);
    await waitFor(() => expect(cellTexts(table, 0).slice(0, 3)).toEqual(['未读', '已读', '未读']), slow);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByTestId('message-reader')).toBeNull(), slow);

    // A read message opens without lowering the count again.
    await userEvent.click(within(rowsOf(table)[4] as HTMLElement).getByTestId('message-row-open'));
    await waitFor(() => expect(center(context).opened).toEqual([12, 9]), slow);
    await expect(await body().findByTestId('message-reader')).toHaveTextContent('运营周报第 9 期');
    await expect(root.messages.unread).toBe(2);
  },
};

/** A message whose content is hostile HTML: the text shows, nothing runs, nothing escapes the reader. */
export const HostileContentInert: Story = {
  play: async (context) => {
    const table = await receivedTable(context);
    await userEvent.click(within(rowsOf(table)[0] as HTMLElement).getByTestId('message-row-open'));
    const content = await body().findByTestId('message-reader-content');
    await expect(content).toHaveTextContent('请查收');
    await expect(content).toHaveTextContent('覆盖整页');
    await expect(content).toHaveTextContent('点此领取');
    for (const tag of ['script', 'iframe', 'form', 'input']) await expect(content.querySelector(tag)).toBeNull();
    for (const el of content.querySelectorAll('*')) for (const attr of el.getAttributeNames()) await expect(attr.startsWith('on')).toBe(false);
    await expect(content.querySelector('a')?.hasAttribute('href')).toBe(false);
    const overlay = [...content.querySelectorAll('p')].find((p) => p.textContent === '覆盖整页') as HTMLElement;
    await expect(getComputedStyle(overlay).position).toBe('static');
    await userEvent.click(overlay);
    await waitFor(() => expect(center(context).opened).toEqual([HOSTILE_ID]), slow);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect((window as { __messageCenterPwned?: string }).__messageCenterPwned).toBeUndefined();
  },
};

/** Compose: empty fields and a missing target are refused in the form, the title stops at 100 characters; nothing is sent. */
export const ComposeValidation: Story = {
  play: async (context) => {
    await sentTab(context);
    const dialog = await openCompose(context);
    const inDialog = within(dialog);
    await userEvent.click(inDialog.getByTestId('compose-submit'));
    await expect(inDialog.getByTestId('compose-error-title')).toHaveTextContent('请输入标题');
    await expect(inDialog.getByTestId('compose-error-targets')).toHaveTextContent('请选择发送目标');
    await expect(inDialog.getByTestId('compose-error-content')).toHaveTextContent('请输入内容');
    await expect(inDialog.getByTestId('compose-editor')).toHaveClass('is-invalid');

    // The field stops at the limit (100): a longer paste is cut there, and the title is then valid.
    await fill(inDialog.getByTestId('compose-title'), '标'.repeat(101));
    await expect(inDialog.getByTestId('compose-title')).toHaveValue('标'.repeat(100));
    await expect(inDialog.queryByTestId('compose-error-title')).toBeNull();
    // Whitespace alone is no content.
    await typeContent(dialog, '   ');
    await expect(inDialog.getByTestId('compose-error-content')).toHaveTextContent('请输入内容');
    // Everybody needs no target list.
    await targetKind(dialog, '通知公告');
    await expect(inDialog.queryByTestId('compose-error-targets')).toBeNull();
    await userEvent.click(inDialog.getByTestId('compose-submit'));
    await expect(center(context).created).toEqual([]);
    await expect(await body().findByRole('dialog')).toBeVisible();
  },
};

/** To users: the picker searches the server (`search`), the chosen user is sent as target_user, the list reloads. */
export const ComposeToUsers: Story = {
  play: async (context) => {
    const table = await sentTab(context);
    const dialog = await openCompose(context);
    const inDialog = within(dialog);
    await fill(inDialog.getByTestId('compose-title'), '账号安全提醒');
    await userEvent.click(inDialog.getByTestId('compose-users'));
    const panel = await body().findByRole('listbox');
    // Without a keyword the picker shows the first 20 of 25 users.
    await waitFor(() => expect(panel.querySelectorAll('li.p-multiselect-item')).toHaveLength(20), slow);
    await userEvent.type(document.querySelector('.p-multiselect-filter') as HTMLElement, 'operator22');
    await waitFor(() => expect(center(context).userSearches).toContain('operator22'), slow);
    const option = await within(document.querySelector('.p-multiselect-panel') as HTMLElement).findByText('运营专员22 (operator22)');
    await userEvent.click(option);
    await closeOverlay(dialog);
    await expect(inDialog.getByTestId('compose-users')).toHaveTextContent('运营专员22 (operator22)');
    await typeContent(dialog, '请及时修改密码');
    await userEvent.click(inDialog.getByTestId('compose-submit'));
    await waitFor(() => expect(center(context).created).toHaveLength(1), slow);
    await expect(center(context).created[0]).toEqual({ title: '账号安全提醒', content: '<p>请及时修改密码</p>', target_type: 0, target_user: [25] });
    await expect(await body().findByText('发送成功', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull(), slow);
    await waitFor(() => expect(cellTexts(table, 0)[0]).toBe('账号安全提醒'), slow);
    await expect(cellTexts(table, 1)[0]).toBe('运营专员22');
    await expect(center(context).sentCalls.at(-1)?.get('page')).toBe('1');
  },
};

/** To roles, to a department, and to everybody: each sends only its own target list. */
export const ComposeToRolesDeptsEverybody: Story = {
  play: async (context) => {
    const table = await sentTab(context);

    let dialog = await openCompose(context);
    await fill(within(dialog).getByTestId('compose-title'), '运营例会');
    await targetKind(dialog, '按角色');
    await userEvent.click(within(dialog).getByTestId('compose-roles'));
    await userEvent.click(await within(await body().findByRole('listbox')).findByText('客服 (service)'));
    await closeOverlay(dialog);
    await typeContent(dialog, '周五开会');
    await userEvent.click(within(dialog).getByTestId('compose-submit'));
    await waitFor(() => expect(center(context).created).toHaveLength(1), slow);
    await expect(center(context).created[0]).toEqual({ title: '运营例会', content: '<p>周五开会</p>', target_type: 1, target_role: [3] });
    await waitFor(() => expect(cellTexts(table, 1)[0]).toBe('客服'), slow);

    dialog = await openCompose(context);
    await fill(within(dialog).getByTestId('compose-title'), '技术部通知');
    await targetKind(dialog, '按部门');
    await userEvent.click(within(dialog).getByTestId('compose-depts'));
    const tree = await waitFor(() => document.querySelector('.p-treeselect-panel') as HTMLElement);
    await userEvent.click(within(tree).getByText('DVAdmin团队'));
    await closeOverlay(dialog);
    await typeContent(dialog, '系统升级');
    await userEvent.click(within(dialog).getByTestId('compose-submit'));
    await waitFor(() => expect(center(context).created).toHaveLength(2), slow);
    await expect(center(context).created[1]).toEqual({ title: '技术部通知', content: '<p>系统升级</p>', target_type: 2, target_dept: [1] });
    await waitFor(() => expect(cellTexts(table, 1)[0]).toBe('DVAdmin团队'), slow);

    dialog = await openCompose(context);
    await fill(within(dialog).getByTestId('compose-title'), '全员公告');
    await targetKind(dialog, '通知公告');
    await typeContent(dialog, '放假安排');
    await userEvent.click(within(dialog).getByTestId('compose-submit'));
    await waitFor(() => expect(center(context).created).toHaveLength(3), slow);
    await expect(center(context).created[2]).toEqual({ title: '全员公告', content: '<p>放假安排</p>', target_type: 3 });
    await waitFor(() => expect(cellTexts(table, 0)[0]).toBe('全员公告'), slow);
    await expect(cellTexts(table, 1)[0]).toBe('通知公告');
  },
};

/** The server refuses a valid form: its message shows, the dialog stays open with what was typed. */
export const ComposeRefusedByServer: Story = {
  play: async (context) => {
    await sentTab(context);
    const dialog = await openCompose(context);
    await fill(within(dialog).getByTestId('compose-title'), REFUSED_TITLE);
    await targetKind(dialog, '通知公告');
    await typeContent(dialog, '内容');
    await userEvent.click(within(dialog).getByTestId('compose-submit'));
    await expect(await body().findByText(REFUSED_MESSAGE, {}, { timeout: 5000 })).toBeInTheDocument();
    await expect(within(dialog).getByTestId('compose-title')).toHaveValue(REFUSED_TITLE);
    await expect(body().getByRole('dialog')).toBe(dialog);
    await expect(center(context).created).toEqual([]);
  },
};

/** The real back end refuses with msg as a list of field maps (§17): the toast reads it as one line. */
export const ComposeRefusedWithListMessage: Story = {
  play: async (context) => {
    await sentTab(context);
    const dialog = await openCompose(context);
    await fill(within(dialog).getByTestId('compose-title'), REFUSED_LIST_TITLE);
    await targetKind(dialog, '通知公告');
    await typeContent(dialog, '内容');
    await userEvent.click(within(dialog).getByTestId('compose-submit'));
    await expect(await body().findByText('users:无效主键 “99999” － 对象不存在。', {}, { timeout: 5000 })).toBeInTheDocument();
    await expect(body().queryByText(/\[object Object\]/)).toBeNull();
    await expect(within(dialog).getByTestId('compose-title')).toHaveValue(REFUSED_LIST_TITLE);
    await expect(center(context).created).toEqual([]);
  },
};

/** 我的发布: delete asks first (取消 keeps the row), 删除 sends DELETE {id}, the list reloads, 删除成功. */
export const DeleteWithConfirmation: Story = {
  play: async (context) => {
    const table = await sentTab(context);
    await expect(rowsOf(table)).toHaveLength(10);
    await expect(context.canvasElement.querySelector('.p-paginator-pages')?.textContent).toBe('12');
    await expect(cellTexts(table, 0)[0]).toBe('已发布通知 12');
    // Targets by kind: everybody, department, role, users.
    await expect(cellTexts(table, 1).slice(0, 4)).toEqual(['通知公告', '技术部', '运营', '管理员、测试人员']);
    // The row's action buttons keep their labels on one line.
    for (const label of rowsOf(table)[0]?.querySelectorAll('.message-actions .p-button-label') ?? []) {
      const range = document.createRange();
      range.selectNodeContents(label);
      await expect(new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size).toBe(1);
    }

    await userEvent.click(within(rowsOf(table)[0] as HTMLElement).getByTestId('message-delete'));
    let confirm = await body().findByRole('dialog');
    await expect(confirm).toHaveTextContent('确定删除该消息吗？');
    await userEvent.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull(), slow);
    await expect(center(context).deleted).toEqual([]);

    await userEvent.click(within(rowsOf(table)[0] as HTMLElement).getByTestId('message-delete'));
    confirm = await body().findByRole('dialog');
    await userEvent.click(within(confirm).getByTestId('message-delete-confirm'));
    await waitFor(() => expect(center(context).deleted).toEqual([61]), slow);
    await expect(await body().findByText('删除成功', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(cellTexts(table, 0)[0]).toBe('已发布通知 11'), slow);
    await expect(context.canvasElement.querySelector('.p-paginator-pages')?.textContent).toBe('12');
  },
};
