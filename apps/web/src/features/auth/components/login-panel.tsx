import type { SessionAnswer } from '@oficios/domain';
import { useState } from 'react';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';

/** The login drawer's body: the sign-in form, or the "forgot password" form in its place. */
export function LoginPanel({ onSignedIn }: { onSignedIn: (answer: SessionAnswer) => void }) {
  const [view, setView] = useState<'login' | 'forgot'>('login');
  return view === 'login' ? (
    <LoginForm onSignedIn={onSignedIn} onForgotPassword={() => setView('forgot')} />
  ) : (
    <ForgotPasswordForm onBack={() => setView('login')} />
  );
}
