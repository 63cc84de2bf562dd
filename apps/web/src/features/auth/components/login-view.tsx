import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthFlowProvider } from '../hooks/use-auth-flow';
import {
  DEFAULT_LOGIN_COMPONENT,
  isLoginComponent,
  type LoginComponent,
} from '../login-components';
import { LoginForm } from './login-form';
import { RedirectLoginSignUp } from './redirect-login-sign-up';

// The first views (the choice, the login form) come with the screen; the others, and the phone
// rules of the sign-up form, when they are opened (issue 17).
const SignUpForm = lazy(async () => ({ default: (await import('./sign-up-form')).SignUpForm }));
const SmsCodeForm = lazy(async () => ({ default: (await import('./sms-code-form')).SmsCodeForm }));
const ValidateAccount = lazy(async () => ({
  default: (await import('./validate-account')).ValidateAccount,
}));
const ForgotPassword = lazy(async () => ({
  default: (await import('./forgot-password')).ForgotPassword,
}));
const ResetPassword = lazy(async () => ({
  default: (await import('./reset-password')).ResetPassword,
}));

const VIEWS: Record<LoginComponent, ComponentType> = {
  redirectLoginSignUp: RedirectLoginSignUp,
  login: LoginForm,
  signUp: SignUpForm,
  smsCode: SmsCodeForm,
  validateAccount: ValidateAccount,
  forgotPassword: ForgotPassword,
  resetPassword: ResetPassword,
};

/**
 * The container of the login screen: one view at a time, chosen by :component. The flow (e-mail,
 * password in memory) lives above the views; each view is keyed so that it starts afresh.
 */
export function LoginView() {
  return (
    <AuthFlowProvider>
      <CurrentView />
    </AuthFlowProvider>
  );
}

function CurrentView() {
  const { component } = useParams();
  if (component !== undefined && !isLoginComponent(component)) {
    return <Navigate to={paths.login.getHref()} replace />;
  }
  const current: LoginComponent = component ?? DEFAULT_LOGIN_COMPONENT;
  const View = VIEWS[current];
  return (
    <section key={current} aria-labelledby="login-view-title" data-login-component={current}>
      <Suspense fallback={null}>
        <View />
      </Suspense>
    </section>
  );
}
