import { AuthProvider } from './auth/AuthProvider';
import { EntryGate } from './entry/EntryGate';
import { ToastProvider } from '../ui/toast/ToastProvider';

export function App() {
  return (
    <ToastProvider>
      <AuthProvider>
        <EntryGate />
      </AuthProvider>
    </ToastProvider>
  );
}
