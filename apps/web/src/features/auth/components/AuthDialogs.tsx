import { Modal } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

export type AuthDialog = 'signin' | 'signup' | null;

/** The sign-in and sign-up dialog; a successful sign-in goes to the page asked for, or the dashboard. */
export function AuthDialogs({ dialog, onChange }: { dialog: AuthDialog; onChange: (d: AuthDialog) => void }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const done = () => {
    onChange(null);
    const next = params.get('next');
    void navigate(next?.startsWith('/') && !next.startsWith('//') ? next : '/dashboard', { replace: true });
  };
  return (
    <Modal
      opened={dialog !== null}
      onClose={() => onChange(null)}
      title={dialog === 'signup' ? 'Create an account' : 'Sign in'}
      size={dialog === 'signup' ? 'lg' : 'sm'}
    >
      {dialog === 'signup' ? (
        <SignUpForm onDone={done} onSignin={() => onChange('signin')} />
      ) : (
        <SignInForm onDone={done} onSignup={() => onChange('signup')} />
      )}
    </Modal>
  );
}
