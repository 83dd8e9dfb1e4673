import { describe, expect, it } from 'vitest';
import { modularOf } from './operation-log';

describe('operation log request_modular', () => {
  it('as captured upstream: 用户表 for the user viewset and its actions, 登录模块 for sign-in, empty for token refresh', () => {
    expect(modularOf('/api/system/user/')).toBe('用户表');
    expect(modularOf('/api/system/user/12/')).toBe('用户表');
    expect(modularOf('/api/system/user/update_user_info/')).toBe('用户表');
    expect(modularOf('/api/system/user/3/reset_password/')).toBe('用户表');
    expect(modularOf('/api/login/')).toBe('登录模块');
    expect(modularOf('/token/refresh/')).toBe('');
  });

  it('other resources get their Chinese name, never the URL segment; unknown segments stay as they are', () => {
    expect(modularOf('/api/system/role/2/')).toBe('角色');
    expect(modularOf('/api/system/system_config/save_content/')).toBe('系统配置');
    expect(modularOf('/api/system/message_center/')).toBe('消息中心');
    expect(modularOf('/api/system/something_new/')).toBe('something_new');
  });

  it('the game catalogue screens get their menu titles (area/screen)', () => {
    expect(modularOf('/api/game/android/3/')).toBe('安卓游戏');
    expect(modularOf('/api/game/history/5/publish/')).toBe('版本历史');
    expect(modularOf('/api/game/code/redeem/')).toBe('兑换码');
    expect(modularOf('/api/common/account/2/reveal/')).toBe('公共账号');
    expect(modularOf('/api/common/tag/')).toBe('标签管理');
  });
});
