import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from '@/app/app';
import { pingHealth } from '@/app/health-check';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Outside React so that StrictMode's double effects cannot call it twice.
pingHealth();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
