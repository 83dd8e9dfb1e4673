/**
 * System configuration of API-CONTRACT §6: groups `base` and `login` and their 11 items. Ids and sorts
 * are chosen so that ordering by (sort, id) gives the key order the contract shows.
 */

export interface SeedConfigItem {
  id: number;
  key: string;
  title: string;
  value: unknown;
  sort: number;
  /** 0 text, 7 img, 9 switch (contract §15 SystemConfig). */
  formItemType: number;
  placeholder: string;
  required: boolean;
}

export interface SeedConfigGroup {
  id: number;
  key: string;
  title: string;
  sort: number;
  items: SeedConfigItem[];
}

const item = (
  id: number,
  key: string,
  title: string,
  value: unknown,
  sort: number,
  formItemType: number,
  placeholder: string,
  required = true,
): SeedConfigItem => ({ id, key, title, value, sort, formItemType, placeholder, required });

export const CONFIG_GROUPS: SeedConfigGroup[] = [
  {
    id: 1,
    key: 'base',
    title: '基础配置',
    sort: 0,
    items: [
      item(2, 'captcha_state', '开启验证码', true, 1, 9, '请选择'),
      item(3, 'default_password', '创建用户默认密码', 'admin123456', 2, 0, '请输入默认密码'),
      item(4, 'single_login', '开启单点登录', false, 1, 9, '请选择'),
    ],
  },
  {
    id: 5,
    key: 'login',
    title: '登录页配置',
    sort: 1,
    items: [
      item(6, 'site_name', '网站名称', '企业级后台管理系统', 1, 0, '请输入网站名称'),
      item(7, 'site_logo', '登录网站logo', null, 2, 7, '请上传网站logo', false),
      item(8, 'login_background', '登录背景图', null, 3, 7, '请上传登录背景图', false),
      item(9, 'copyright', '版权信息', '2021-2022 django-vue-admin.com 版权所有', 4, 0, '请输入版权信息'),
      item(10, 'keep_record', '备案信息', '晋ICP备18005113号-3', 5, 0, '请输入备案信息'),
      item(11, 'help_url', '帮助', 'https://django-vue-admin.com', 6, 0, '请输入帮助链接'),
      item(12, 'privacy_url', '隐私', '#', 7, 0, '请输入隐私政策链接'),
      item(13, 'clause_url', '条款', '#', 8, 0, '请输入服务条款链接'),
    ],
  },
];
