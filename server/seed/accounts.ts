/** Departments, roles and the three sample accounts (password admin123456). */

export const SEED_PASSWORD = 'admin123456';

export const DEPTS = [
  { id: 1, name: 'DVAdmin团队', key: 'dvadmin', sort: 1, parent: null, owner: '', phone: '', email: '' },
  { id: 2, name: '运营部', key: 'operation', sort: 2, parent: 1, owner: '', phone: '', email: '' },
  { id: 3, name: '技术部', key: 'technology', sort: 1, parent: 1, owner: '', phone: '', email: '' },
] as const;

export const ROLES = [
  { id: 1, name: '管理员', key: 'admin', sort: 1, admin: true, data_range: 3, remark: '管理系统与游戏平台的各项业务' },
  { id: 2, name: '用户', key: 'public', sort: 2, admin: false, data_range: 0, remark: '只读分析：看板、报表与列表，无写操作' },
] as const;

export interface SeedUser {
  id: number;
  username: string;
  name: string;
  email: string | null;
  mobile: string | null;
  avatar: string | null;
  gender: number;
  dept: number;
  roles: number[];
  isSuperuser: boolean;
}

export const USERS: SeedUser[] = [
  {
    id: 1,
    username: 'superadmin',
    name: '超级管理员',
    email: 'dvadmin@django-vue-admin.com',
    mobile: '13333333333',
    avatar: null,
    gender: 1,
    dept: 1,
    roles: [1],
    isSuperuser: true,
  },
  { id: 2, username: 'admin', name: '管理员', email: 'admin@example.com', mobile: '13444444444', avatar: null, gender: 1, dept: 2, roles: [1], isSuperuser: false },
  { id: 3, username: 'test', name: '测试人员', email: 'test@example.com', mobile: '13555555555', avatar: '', gender: 2, dept: 3, roles: [2], isSuperuser: false },
];
