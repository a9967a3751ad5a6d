/**
 * Entry: load and validate /config.json, configure Amplify Auth, then render the surface the URL
 * asks for (app/entry/surface.ts): the dashboard, or the lazily loaded widget or mobile chat (app/chat).
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ConfigErrorScreen } from './app/entry/ConfigErrorScreen';
import { surfaceFor } from './app/entry/surface';
import { configureAuth } from './lib/auth';
import { ConfigLoadError, loadConfig } from './lib/config';
import { LoadingScreen } from './ui/LoadingScreen';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element.');
const root = createRoot(container);
root.render(<LoadingScreen />);

const surface = surfaceFor(window.location.pathname);

async function surfaceElement(): Promise<ReactNode> {
  if (surface.kind === 'widget') {
    const { WidgetApp } = await import('./features/widget/WidgetApp');
    return <WidgetApp uid={surface.uid} />;
  }
  if (surface.kind === 'chat') {
    const { ChatApp } = await import('./app/chat/ChatApp');
    return <ChatApp uid={surface.uid} />;
  }
  return <App />;
}

loadConfig()
  .then(async (config) => {
    configureAuth(config);
    const element = await surfaceElement();
    root.render(<StrictMode>{element}</StrictMode>);
  })
  .catch((error: unknown) => {
    console.error('[entry]', error);
    const detail = error instanceof ConfigLoadError ? error.detail : 'No se pudo cargar la aplicación. Recarga la página.';
    root.render(<ConfigErrorScreen detail={detail} />);
  });
