/** The views of the login screen, chosen by the :component route parameter (accounts.md §2). */
export const LOGIN_COMPONENTS = [
  'redirectLoginSignUp',
  'login',
  'signUp',
  'smsCode',
  'validateAccount',
  'forgotPassword',
  'resetPassword',
] as const;
export type LoginComponent = (typeof LOGIN_COMPONENTS)[number];
export const DEFAULT_LOGIN_COMPONENT: LoginComponent = 'redirectLoginSignUp';

export function isLoginComponent(value: string | undefined): value is LoginComponent {
  return (LOGIN_COMPONENTS as readonly (string | undefined)[]).includes(value);
}

/** Title of each view, as catalogue keys. */
export const LOGIN_COMPONENT_TITLE_KEYS: Record<LoginComponent, string> = {
  redirectLoginSignUp: 'login.component.redirectLoginSignUp.title',
  login: 'login.component.login.title',
  signUp: 'login.component.signUp.title',
  smsCode: 'login.component.smsCode.title',
  validateAccount: 'login.component.validateAccount.title',
  forgotPassword: 'login.component.forgotPassword.title',
  resetPassword: 'login.component.resetPassword.title',
};
