import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { changePasswordInput, profileUpdateInput, userInfo } from '../../../contracts/schemas';
import { storyConsole } from '../../../stories/console';
import { failure, ok, superadmin } from '../../../stories/mocks/fixtures';
import { MockBackend, mockBackend } from '../../../stories/mocks/handlers';
import UserInfoPage from './UserInfoPage';
import { componentOn } from '../../../stories/kit';

/** What the personal page sent, for the play functions. */
interface ProfileCalls {
  updates: unknown[];
  passwords: unknown[];
  uploads: number;
}

/** The shared mock back end plus the personal page's three calls, answered through the contract schemas. */
function profileBackend(): MockBackend & { calls: ProfileCalls } {
  const base = mockBackend();
  const calls: ProfileCalls = { updates: [], passwords: [], uploads: 0 };
  let current = { ...superadmin };
  const handlers = [
    http.put('*/api/system/user/update_user_info/', async ({ request }) => {
      const body = profileUpdateInput.parse(await request.json());
      calls.updates.push(body);
      current = userInfo.parse({ ...current, ...body });
      return HttpResponse.json(ok(userInfo, current, '修改成功'));
    }),
    http.put('*/api/system/user/:id/change_password/', async ({ request }) => {
      const body = changePasswordInput.parse(await request.json());
      calls.passwords.push(body);
      if (body.newPassword !== body.newPassword2) return HttpResponse.json(failure(400, '两次密码不匹配'));
      // md5('admin123456') is the only right old password here
      if (body.oldPassword !== 'a66abb5684c45962d887564f08346e8d') return HttpResponse.json(failure(400, '旧密码不正确'));
      return HttpResponse.json(ok(z.null(), null, '修改成功'));
    }),
    http.post('*/api/system/file/', () => {
      calls.uploads += 1;
      return HttpResponse.json(ok(z.object({ id: z.number(), url: z.string() }), { id: 9, url: '/themes/violet/preview.png' }, '新增成功'));
    }),
  ];
  const backend = new MockBackend([...handlers, ...base.handlers], base.state, () => {
    base.reset();
    calls.updates = [];
    calls.passwords = [];
    calls.uploads = 0;
    current = { ...superadmin };
  });
  return Object.assign(backend, { calls });
}

const backend = profileBackend();

const meta = { title: 'Pages/UserInfo', ...componentOn(UserInfoPage, { console: { path: '/userInfo', signedIn: true, bootstrap: true }, backend }) } satisfies Meta<typeof UserInfoPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** The own profile: account, department, roles and the editable fields filled in. */
export const Shows: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('profile-username')).toHaveTextContent('superadmin');
    await expect(canvas.getByLabelText('姓名')).toHaveValue('超级管理员');
    await expect(canvas.getByLabelText('邮箱')).toHaveValue('dvadmin@django-vue-admin.com');
    await expect(canvas.getByText('DVAdmin团队')).toBeVisible();
  },
};

/** Edit and save: the server gets the fields, the header name follows. */
export const EditAndSave: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    const name = await canvas.findByLabelText('姓名');
    await userEvent.clear(name);
    await userEvent.type(name, '运营总监');
    await userEvent.click(canvas.getByTestId('profile-save'));
    await expect(await body().findByText('个人信息已更新', {}, { timeout: 5000 })).toBeVisible();
    await expect(backend.calls.updates).toEqual([{ name: '运营总监', email: 'dvadmin@django-vue-admin.com', mobile: '13333333333', gender: 1 }]);
    await expect(storyConsole(context).app.root.session.user?.name).toBe('运营总监');
  },
};

/** Client checks: empty name, bad email; nothing is sent. */
export const ProfileErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(await canvas.findByLabelText('姓名'));
    await userEvent.clear(canvas.getByLabelText('邮箱'));
    await userEvent.type(canvas.getByLabelText('邮箱'), 'nope');
    await userEvent.click(canvas.getByTestId('profile-save'));
    await expect(await canvas.findByTestId('profile-name-error')).toHaveTextContent('请输入姓名');
    await expect(canvas.getByTestId('profile-email-error')).toHaveTextContent('请输入正确的邮箱');
    await expect(backend.calls.updates).toEqual([]);
  },
};

/** Password: confirm differs → 两次密码不匹配 next to the field, nothing sent. */
export const PasswordMismatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('原密码'), 'admin123456');
    await userEvent.type(canvas.getByLabelText('新密码'), 'newpass123');
    await userEvent.type(canvas.getByLabelText('确认密码'), 'newpass124');
    await userEvent.click(canvas.getByTestId('profile-change-password'));
    await expect(await canvas.findByTestId('profile-new-password2-error')).toHaveTextContent('两次密码不匹配');
    await expect(backend.calls.passwords).toEqual([]);
  },
};

/** Password: a wrong old password comes back as 旧密码不正确 (sent as md5s). */
export const PasswordWrongOld: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await userEvent.type(await canvas.findByLabelText('原密码'), 'wrong-old');
    await userEvent.type(canvas.getByLabelText('新密码'), 'newpass123');
    await userEvent.type(canvas.getByLabelText('确认密码'), 'newpass123');
    await userEvent.click(canvas.getByTestId('profile-change-password'));
    await expect(await body().findByText('旧密码不正确', {}, { timeout: 5000 })).toBeVisible();
    await expect(backend.calls.passwords).toHaveLength(1);
    await expect(JSON.stringify(backend.calls.passwords[0])).toMatch(/^\{"oldPassword":"[0-9a-f]{32}","newPassword":"[0-9a-f]{32}","newPassword2":"[0-9a-f]{32}"\}$/);
    await expect(storyConsole(context).reloads).toBe(0);
  },
};

/** Password changed: the session ends (logout, reload). */
export const PasswordChanged: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await userEvent.type(await canvas.findByLabelText('原密码'), 'admin123456');
    await userEvent.type(canvas.getByLabelText('新密码'), 'newpass123');
    await userEvent.type(canvas.getByLabelText('确认密码'), 'newpass123');
    await userEvent.click(canvas.getByTestId('profile-change-password'));
    await waitFor(() => expect(storyConsole(context).reloads).toBe(1), { timeout: 5000 });
    await expect(storyConsole(context).location.history.at(-1)).toBe('/login');
  },
};

/** Avatar: choose an image, crop it on the 200x200 canvas, upload; the URL lands in the profile. */
export const AvatarUpload: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await userEvent.click(await canvas.findByTestId('profile-change-avatar'));
    const dialog = await body().findByTestId('avatar-cropper');
    const source = document.createElement('canvas');
    source.width = 300;
    source.height = 200;
    const ctx = source.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.fillStyle = '#c71585';
    ctx.fillRect(0, 0, 300, 200);
    const blob = await new Promise<Blob>((resolve) => source.toBlob((b) => resolve(b ?? new Blob()), 'image/png'));
    await userEvent.upload(within(dialog).getByTestId('avatar-file'), new File([blob], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(within(dialog).getByTestId('avatar-upload')).toBeEnabled());
    await userEvent.click(within(dialog).getByTestId('avatar-upload'));
    await expect(await body().findByText('头像已更新', {}, { timeout: 5000 })).toBeVisible();
    await expect(backend.calls.uploads).toBe(1);
    await expect(backend.calls.updates).toEqual([{ avatar: '/themes/violet/preview.png' }]);
    await expect(await canvas.findByTestId('profile-avatar')).toHaveAttribute('src', '/themes/violet/preview.png');
  },
};
