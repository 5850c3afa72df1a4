import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '../index.css';
import { pingHealth } from '@/app/health-check';
import { AppProvider } from '@/app/provider';
import { ScreenErrorBoundary } from '@/features/display/components/screen-error-boundary';
import { startScreenSession } from '@/features/display/lib/screen-session-store';
import { ScreenApp } from '@/features/display/screen-app';

/**
 * The screen player's own entry (screen.html, decision 081): the player and the toasts, without
 * the web app's router, its pages or their libraries, so a kiosk boots on the least JavaScript.
 */
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Outside React so that StrictMode's double effects cannot call it twice. A stored session is
// checked while the page's code downloads.
pingHealth();
startScreenSession();

startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <ScreenErrorBoundary>
          <ScreenApp />
        </ScreenErrorBoundary>
      </AppProvider>
    </StrictMode>,
  );
});
