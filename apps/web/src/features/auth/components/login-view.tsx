import type { ComponentType } from 'react';
import { Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthFlowProvider } from '../hooks/use-auth-flow';
import {
  DEFAULT_LOGIN_COMPONENT,
  isLoginComponent,
  type LoginComponent,
} from '../login-components';
import { ForgotPassword } from './forgot-password';
import { LoginForm } from './login-form';
import { RedirectLoginSignUp } from './redirect-login-sign-up';
import { ResetPassword } from './reset-password';
import { SignUpForm } from './sign-up-form';
import { SmsCodeForm } from './sms-code-form';
import { ValidateAccount } from './validate-account';

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
      <View />
    </section>
  );
}
