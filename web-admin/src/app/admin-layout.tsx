import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Menu, type MenuProps } from 'antd';
import {
  ThunderboltOutlined,
  AuditOutlined,
  BarChartOutlined,
  CloudUploadOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  GlobalOutlined,
  IdcardOutlined,
  LogoutOutlined,
  MenuOutlined,
  SearchOutlined,
  SolutionOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ADMIN_PATHS } from '@contracts/routes';
import { sendJson } from '../lib/api';
import { useNotify } from '../lib/notify';
import { ROLE_LABELS, useStaffRole } from '../lib/staff-role';
import { endSession } from '../lib/session';
import './admin-layout.css';

const NAV: { path: string; label: string; icon: React.ReactNode }[] = [
  { path: ADMIN_PATHS.dashboard, label: 'Dashboard', icon: <DashboardOutlined /> },
  { path: ADMIN_PATHS.subscriptions, label: 'Subscriptions', icon: <CreditCardOutlined /> },
  { path: ADMIN_PATHS.users, label: 'Users', icon: <TeamOutlined /> },
  { path: ADMIN_PATHS.customers, label: 'Customers', icon: <SolutionOutlined /> },
  { path: ADMIN_PATHS.parcels, label: 'Parcels', icon: <SearchOutlined /> },
  { path: ADMIN_PATHS.owners, label: 'Owners', icon: <IdcardOutlined /> },
  { path: ADMIN_PATHS.analytics, label: 'Analytics', icon: <BarChartOutlined /> },
  { path: ADMIN_PATHS.counties, label: 'Counties', icon: <EnvironmentOutlined /> },
  { path: ADMIN_PATHS.auditLog, label: 'Audit Log', icon: <AuditOutlined /> },
  { path: ADMIN_PATHS.coverage, label: 'Coverage', icon: <GlobalOutlined /> },
  { path: ADMIN_PATHS.releases, label: 'Releases', icon: <CloudUploadOutlined /> },
  { path: ADMIN_PATHS.jobs, label: 'Background Work', icon: <ThunderboltOutlined /> },
];

/** Menu entries whose pages open details at their own addresses below them (/admin/customers/<id>): those stay selected there. */
const WITH_DETAIL_PAGES = [ADMIN_PATHS.releases, ADMIN_PATHS.customers, ADMIN_PATHS.parcels, ADMIN_PATHS.owners];

const items: MenuProps['items'] = NAV.map(({ path, label, icon }) => ({
  key: path,
  icon,
  label: <Link to={path}>{label}</Link>,
}));

/** Side navigation, Logout, and on narrow screens a toggle that shows and hides the menu (docs/store-spec.md §2). */
export function AdminLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const notify = useNotify();
  const role = useStaffRole();
  const [narrow, setNarrow] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const selected =
    pathname === ADMIN_PATHS.home
      ? ADMIN_PATHS.dashboard
      : (WITH_DETAIL_PAGES.find((path) => pathname.startsWith(`${path}/`)) ?? pathname);

  const logout = useMutation({
    mutationFn: () => sendJson('POST', '/api/admin/logout'),
    onSuccess: () => {
      endSession(client);
      notify.success('Logged out successfully');
      void navigate(ADMIN_PATHS.login, { replace: true });
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
          <Link to={ADMIN_PATHS.dashboard} className="admin-brand">
            County Data Store <span>Admin</span>
          </Link>
          <p className="admin-role" aria-label="Your staff role">
            Role: <strong>{ROLE_LABELS[role]}</strong>
          </p>
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
