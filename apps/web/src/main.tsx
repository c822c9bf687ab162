import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { installPayloadEncryption } from './lib/crypto/install.ts';
import './styles/global.css';

// The key is agreed before the app's first call (platform.md 7.1).
installPayloadEncryption();

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
