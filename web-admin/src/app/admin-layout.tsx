import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Menu, type MenuProps } from 'antd';
import {
  AuditOutlined,
  BarChartOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  LogoutOutlined,
  MenuOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { sendJson } from '../lib/api';
import { useNotify } from '../lib/notify';
import { endSession } from './session';
import './admin-layout.css';

const NAV: { path: string; label: string; icon: React.ReactNode }[] = [
  { path: '/admin/dashboard', label: 'Dashboard', icon: <DashboardOutlined /> },
  { path: '/admin/subscriptions', label: 'Subscriptions', icon: <CreditCardOutlined /> },
  { path: '/admin/users', label: 'Users', icon: <TeamOutlined /> },
  { path: '/admin/analytics', label: 'Analytics', icon: <BarChartOutlined /> },
  { path: '/admin/counties', label: 'Counties', icon: <EnvironmentOutlined /> },
  { path: '/admin/audit-log', label: 'Audit Log', icon: <AuditOutlined /> },
];

const items: MenuProps['items'] = NAV.map(({ path, label, icon }) => ({
  key: path,
  icon,
  label: <Link to={path}>{label}</Link>,
}));

/** Side navigation, Logout, and on narrow screens a toggle that shows and hides the menu (spec §2). */
export function AdminLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const notify = useNotify();
  const [narrow, setNarrow] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const selected = pathname === '/admin' ? '/admin/dashboard' : pathname;

  const logout = useMutation({
    mutationFn: () => sendJson('POST', '/api/admin/logout'),
    onSuccess: () => {
      endSession(client);
      notify.success('Logged out successfully');
      void navigate('/admin/login', { replace: true });
    },
    // The session may still be valid on the server, so staff stay signed in and can try again.
    onError: () => notify.error('Logout failed'),
  });

  return (
    <Layout className="admin-shell">
      <Layout.Sider
        className="admin-sider"
        width={220}
        breakpoint="lg"
        collapsedWidth={0}
        collapsed={narrow && !menuOpen}
        trigger={null}
        onBreakpoint={(broken) => {
          setNarrow(broken);
          setMenuOpen(false);
        }}
        theme="light"
      >
        <nav aria-label="Admin" className="admin-nav">
          <Link to="/admin/dashboard" className="admin-brand">
            County Data Store <span>Admin</span>
          </Link>
          <Menu mode="inline" selectedKeys={[selected]} items={items} onClick={() => setMenuOpen(false)} />
          <Button
            className="admin-logout"
            icon={<LogoutOutlined />}
            loading={logout.isPending}
            onClick={() => logout.mutate()}
          >
            Logout
          </Button>
        </nav>
      </Layout.Sider>
      <Layout>
        {narrow && (
          <Layout.Header className="admin-topbar">
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label="Toggle menu"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen((open) => !open)}
            />
            <span className="admin-topbar-title">County Data Store Admin</span>
          </Layout.Header>
        )}
        <Layout.Content className="admin-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
