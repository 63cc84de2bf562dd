import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { paymentProviderKind } from './provider/provider-registry';

describe('payment settings', () => {
  it('uses Stripe only when both of its keys are set', () => {
    expect(paymentProviderKind(loadConfig({}))).toBe('simulated');
    expect(paymentProviderKind(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }))).toBe('simulated');
    expect(
      paymentProviderKind(
        loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }),
      ),
    ).toBe('stripe');
  });

  it('checks BOOST_OPTIONS at start-up', () => {
    expect(loadConfig({ BOOST_OPTIONS: '1:5,4:20' }).BOOST_OPTIONS).toBe('1:5,4:20');
    expect(() => loadConfig({ BOOST_OPTIONS: '1:9.99,1:12' })).toThrow(/BOOST_OPTIONS/);
    expect(() => loadConfig({ BOOST_OPTIONS: 'two weeks' })).toThrow(/BOOST_OPTIONS/);
  });
});
