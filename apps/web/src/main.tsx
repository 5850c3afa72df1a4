import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from '@/app/app';
import { pingHealth } from '@/app/health-check';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Outside React so that StrictMode's double effects cannot call it twice.
pingHealth();

// A transition lets React yield between components while it renders the first page, so a slow
// phone keeps answering input instead of freezing for the whole render (decision 046).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
