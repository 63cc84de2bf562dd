import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../index.css';
import { i18nReady, loadAdminCatalogues } from '@/lib/i18n';
import { AppProvider } from '@/app/provider';
import { AdminApp } from './admin-app';

const container = document.getElementById('root');
if (!container) throw new Error('admin.html has no #root element');

// The back office's texts are not part of the public app's first load (issue 17).
void Promise.all([i18nReady, loadAdminCatalogues()]).then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <AdminApp />
      </AppProvider>
    </StrictMode>,
  ),
);
