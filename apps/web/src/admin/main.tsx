import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../index.css';
import '@/lib/i18n';
import { AppProvider } from '@/app/provider';
import { AdminApp } from './admin-app';

const container = document.getElementById('root');
if (!container) throw new Error('admin.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AdminApp />
    </AppProvider>
  </StrictMode>,
);
