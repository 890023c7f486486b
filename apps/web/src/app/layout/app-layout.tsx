import { Layout, Typography } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { AuthDrawers } from './auth-drawers';
import { ScrollToTop } from './scroll-to-top';
import { TopBar } from './top-bar';

export function AppLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <TopBar />
      <Layout.Content style={{ width: '100%', maxWidth: 1200, margin: '0 auto', padding: '24px 16px' }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center' }}>
        <Typography.Text type="secondary">Oficios © {new Date().getFullYear()} · Profesionales de reparaciones del hogar</Typography.Text>
      </Layout.Footer>
      <AuthDrawers />
      <ScrollToTop />
    </Layout>
  );
}
