import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** What the login views hand to each other while the user moves between them. */
export interface AuthFlow {
  /** The e-mail typed in the pre-check, prefilled in the next view. */
  email: string;
  /**
   * Kept in memory only (never in the URL or storage): lets sign-up, account validation and the
   * SMS step sign in without asking for the password again.
   */
  password: string | null;
  rememberMe: boolean;
  /** The masked number the SMS code went to (beforeLogin). */
  phoneNumber: string | null;
  /** A validation code was just mailed: its screen starts with the resend countdown. */
  codeJustSent: boolean;
}

const INITIAL_FLOW: AuthFlow = {
  email: '',
  password: null,
  rememberMe: false,
  phoneNumber: null,
  codeJustSent: false,
};

interface AuthFlowValue {
  flow: AuthFlow;
  updateFlow: (changes: Partial<AuthFlow>) => void;
}

const AuthFlowContext = createContext<AuthFlowValue | null>(null);

/** Holds the flow above the views, so that it survives switching from one view to the next. */
export function AuthFlowProvider({ children }: { children: ReactNode }) {
  const [flow, setFlow] = useState<AuthFlow>(INITIAL_FLOW);
  const updateFlow = useCallback(
    (changes: Partial<AuthFlow>) => setFlow((current) => ({ ...current, ...changes })),
    [],
  );
  const value = useMemo(() => ({ flow, updateFlow }), [flow, updateFlow]);
  return <AuthFlowContext.Provider value={value}>{children}</AuthFlowContext.Provider>;
}

export function useAuthFlow(): AuthFlowValue {
  const value = useContext(AuthFlowContext);
  if (!value) throw new Error('useAuthFlow must be used inside AuthFlowProvider');
  return value;
}
