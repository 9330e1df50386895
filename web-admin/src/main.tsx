import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { App as AntApp, ConfigProvider } from 'antd';
import { ADMIN_PATHS } from '@contracts/routes';
import { createQueryClient } from '@web-shared/query-client';
import { HttpError } from './lib/api';
import { endSession } from './lib/session';
import { router } from './app/router';
import { theme } from './app/theme';
import './app/global.css';

const queryClient = createQueryClient((error, meta) => {
  // A 401 on any call but the sign-in itself means the admin session ended (expired or revoked).
  if (error instanceof HttpError && error.status === 401 && !meta?.signIn) {
    endSession(queryClient);
    void router.navigate(ADMIN_PATHS.login, { replace: true });
  }
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider theme={theme}>
      <AntApp notification={{ maxCount: 1, duration: 5 }}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
