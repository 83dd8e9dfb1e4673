import { makeAutoObservable, runInAction } from 'mobx';
import type { UserInfo } from '../../contracts/schemas';
import type { ConsoleApi } from '../adapters/api';
import type { SessionStore } from './session';
import type { UploadsStore } from './uploads';

/** The editable part of the own profile (PUT /api/system/user/update_user_info/). */
export interface ProfileForm {
  name: string;
  email: string;
  mobile: string;
  gender: 0 | 1 | 2;
}

export interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  newPassword2: string;
}

/** Client-side checks; each failure is an i18n key (with params) shown next to its field. */
export type FieldErrors<K extends string> = Partial<Record<K, { key: string; params?: Record<string, string | number> }>>;

export const PASSWORD_MIN_LENGTH = 6;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^\+?[0-9][0-9 -]{4,19}$/;

export function validateProfile(form: ProfileForm): FieldErrors<keyof ProfileForm> {
  const errors: FieldErrors<keyof ProfileForm> = {};
  if (!form.name.trim()) errors.name = { key: 'profile.nameRequired' };
  if (form.email && !EMAIL.test(form.email)) errors.email = { key: 'profile.emailInvalid' };
  if (form.mobile && !MOBILE.test(form.mobile)) errors.mobile = { key: 'profile.mobileInvalid' };
  return errors;
}

export function validatePassword(form: PasswordForm): FieldErrors<keyof PasswordForm> {
  const errors: FieldErrors<keyof PasswordForm> = {};
  if (!form.oldPassword) errors.oldPassword = { key: 'profile.passwordRequired' };
  if (!form.newPassword) errors.newPassword = { key: 'profile.passwordRequired' };
  else if (form.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = { key: 'profile.passwordTooShort', params: { min: PASSWORD_MIN_LENGTH } };
  else if (form.newPassword === form.oldPassword) errors.newPassword = { key: 'profile.passwordSame' };
  if (!form.newPassword2) errors.newPassword2 = { key: 'profile.passwordRequired' };
  else if (form.newPassword2 !== form.newPassword) errors.newPassword2 = { key: 'profile.passwordMismatch' };
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;

/** The personal page's calls: own profile, password (encoded by the adapter like the login's) and avatar. */
export class ProfileStore {
  saving = false;

  constructor(
    private readonly api: ConsoleApi,
    private readonly session: SessionStore,
    private readonly uploads: UploadsStore,
  ) {
    makeAutoObservable<ProfileStore, 'api' | 'session' | 'uploads'>(this, { api: false, session: false, uploads: false }, { autoBind: true });
  }

  private async update(body: Record<string, unknown>): Promise<UserInfo> {
    this.saving = true;
    try {
      const updated = (await this.api.action('/api/system/user/', 'update_user_info/', { method: 'PUT', body })) as UserInfo | null;
      runInAction(() => {
        // Keep what the server answered; a server that answers without data keeps the local values.
        const current = this.session.user;
        if (current) this.session.user = updated && typeof updated === 'object' && 'id' in updated ? { ...current, ...updated } : { ...current, ...body };
      });
      return this.session.user as UserInfo;
    } finally {
      runInAction(() => {
        this.saving = false;
      });
    }
  }

  saveProfile(form: ProfileForm): Promise<UserInfo> {
    return this.update({ name: form.name.trim(), email: form.email.trim(), mobile: form.mobile.trim(), gender: form.gender });
  }

  /** Uploads the cropped avatar (the settings' upload back end) and stores its URL in the profile. */
  async uploadAvatar(image: Blob): Promise<UserInfo> {
    const uploaded = await this.uploads.upload(image, 'avatar.png');
    return this.update({ avatar: uploaded.url });
  }

  async changePassword(form: PasswordForm): Promise<void> {
    const id = this.session.user?.id;
    if (id === undefined) throw new Error('not signed in');
    this.saving = true;
    try {
      await this.api.changePassword(id, form);
    } finally {
      runInAction(() => {
        this.saving = false;
      });
    }
  }
}
