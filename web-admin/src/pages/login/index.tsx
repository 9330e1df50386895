import { Alert, Button, Card, Divider, Form, Input, Typography } from 'antd';
import { LockOutlined, TeamOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { ADMIN_PATHS } from '@contracts/routes';
import { messageOf } from '@/lib/api';
import { useNotify } from '@/lib/notify';
import { useAdminLogin } from './api';
import { STAFF_SIGN_IN_PATH, staffSignInError } from './staff-sign-in';
import './login.css';

/**
 * docs/store-spec.md §2 and §8: the password form, "Login Failed" with the server's reason, "Admin login
 * successful". Staff normally sign in with their own account (named in the audit log); the shared
 * password is the break-glass way in.
 */
export default function LoginPage() {
  const login = useAdminLogin();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const staffError = staffSignInError(location.search);

  const submit = ({ password }: { password: string }) =>
    login.mutate(password, {
      onSuccess: () => {
        notify.success('Admin login successful');
        void navigate(from && from !== ADMIN_PATHS.login ? from : ADMIN_PATHS.dashboard, { replace: true });
      },
      onError: (error) => notify.error('Login Failed', messageOf(error, 'Login failed')),
    });

  return (
    <main className="login-page">
      <Card className="login-card">
        <div className="login-mark" aria-hidden>
          <LockOutlined />
        </div>
        <Typography.Title level={1} className="login-title">
          Admin Login
        </Typography.Title>
        <Typography.Paragraph type="secondary">County Data Store staff console</Typography.Paragraph>
        {staffError && <Alert className="login-alert" type="error" showIcon title={staffError} role="alert" />}
        {/* A full navigation, not a fetch: the provider's pages take over the window. */}
        <Button type="primary" block icon={<TeamOutlined />} href={STAFF_SIGN_IN_PATH}>
          Sign in with your staff account
        </Button>
        <Divider plain>or the shared emergency password</Divider>
        <Form layout="vertical" onFinish={submit} requiredMark={false} disabled={login.isPending}>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
          <Button htmlType="submit" block loading={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
