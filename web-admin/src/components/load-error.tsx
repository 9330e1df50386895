import { Alert } from 'antd';
import { messageOf } from '../lib/api';

/** A page's data failed to load: the server's reason, else what failed. */
export function LoadError({ error, fallback }: { error: unknown; fallback: string }) {
  return <Alert type="error" showIcon title={messageOf(error, fallback)} className="page-alert" />;
}
