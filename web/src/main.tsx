/** Entry: load and validate /config.json, configure Amplify Auth, then render the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ConfigErrorScreen } from './app/entry/ConfigErrorScreen';
import { configureAuth } from './lib/auth';
import { ConfigLoadError, loadConfig } from './lib/config';
import { LoadingScreen } from './ui/LoadingScreen';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element.');
const root = createRoot(container);
root.render(<LoadingScreen />);

loadConfig().then(
  (config) => {
    configureAuth(config);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error('[config]', error);
    const detail = error instanceof ConfigLoadError ? error.detail : String(error);
    root.render(<ConfigErrorScreen detail={detail} />);
  },
);
