import { useQuery } from '@tanstack/react-query';
import { Flex, Spin } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ADMIN_PATHS } from '@contracts/routes';
import { checkAuthQuery } from '../lib/staff-role';

/** docs/store-spec.md §2: every page but login needs a successful admin check; a spinner shows while it runs. */
export function AdminGuard() {
  const location = useLocation();
  // A failed check is answered here, by the redirect below.
  const check = useQuery(checkAuthQuery);

  if (check.isPending) {
    return (
      <Flex
        align="center"
        justify="center"
        style={{ minHeight: '100vh' }}
        role="status"
        aria-label="Checking your admin session"
      >
        <Spin size="large" />
      </Flex>
    );
  }
  // Any failure, a network error included, sends staff to sign in, and back here afterwards.
  if (check.isError) return <Navigate to={ADMIN_PATHS.login} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
