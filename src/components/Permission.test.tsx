import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { Router } from 'wouter';
import { fakeApi } from '../test/fake-api';
import { rootFixture } from '../test/root-fixture';
import { menuItem } from '../test/samples';
import { checkPermission, PagePathProvider, Permission } from './Permission';
import { StoreProvider } from './store-context';

function setup(path: string) {
  const { root } = rootFixture(fakeApi({}));
  root.menu.setItems([
    menuItem(1, null, '系统管理'),
    menuItem(2, 1, '用户管理', { path: '/user', component: 'system/user/index', menuPermission: ['Create'] }),
    menuItem(3, 1, '部门管理', { path: '/dept', component: 'system/dept/index', menuPermission: null }),
  ]);
  const { hook } = memoryLocation({ path });
  return { root, hook };
}

describe('Permission (spec §5)', () => {
  it('renders only when current path + ":" + name is among the menu permissions', () => {
    const { root, hook } = setup('/user');
    render(
      <StoreProvider store={root}>
        <Router hook={hook}>
          <Permission name="Create">
            <button>新增</button>
          </Permission>
          <Permission name="Delete">
            <button>删除</button>
          </Permission>
        </Router>
      </StoreProvider>,
    );
    expect(screen.queryByText('新增')).not.toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
  });

  it('checks against the page path given by the layout, not the location', () => {
    const { root, hook } = setup('/dept');
    render(
      <StoreProvider store={root}>
        <Router hook={hook}>
          <PagePathProvider path="/user">
            <Permission name="Create">
              <button>新增</button>
            </Permission>
          </PagePathProvider>
          <Permission name="Create">
            <button>部门新增</button>
          </Permission>
        </Router>
      </StoreProvider>,
    );
    expect(screen.queryByText('新增')).not.toBeNull();
    expect(screen.queryByText('部门新增')).toBeNull();
  });

  it('using it without a name is an error', () => {
    expect(() => checkPermission(() => true, '/user', '')).toThrow(/permission name is required/);
    expect(() => checkPermission(() => true, '/user', undefined)).toThrow(/permission name is required/);
    expect(checkPermission((key) => key === '/user:Create', '/user', 'Create')).toBe(true);
  });
});
