import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { sendJson } from '@/lib/api';
import { startSession } from '@/lib/session';

export function useAdminLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      sendJson<components['schemas']['AdminTokenDto']>('POST', '/api/admin/login', { password }),
    // The answer's token is for API clients; the console's session is the httpOnly cookie the answer set.
    onSuccess: () => startSession(client),
    meta: { signIn: true }, // a 401 here is a wrong password, not an ended session
  });
}
