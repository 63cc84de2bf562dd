/** The views of the login screen, chosen by the :component route parameter (docs/product/accounts.md §2). */
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
