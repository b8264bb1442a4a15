import { describe, expect, it } from 'vitest';
import { CATALOGUE, INTENT_IDS } from '../../intents/catalogue.ts';
import { registry } from '../actions/registry.ts';
import { actionOf, intentActions, intentsOfOffers, levelOf, offerIntents, offersOfIntent } from './intent-actions.ts';

describe('the intent → action map', () => {
  it('names only actions of the registry and intents of the catalogue', () => {
    for (const [intent, action] of Object.entries(intentActions)) {
      expect(INTENT_IDS).toContain(intent);
      expect(Object.keys(registry)).toContain(action);
    }
    expect(actionOf('pay_later')).toBe('grantDeferral');
    expect(actionOf('greeting')).toBeNull();
  });

  it('reads the level of an intent with an action from the registry, and the catalogue agrees', () => {
    expect(levelOf('notice_of_completion')).toBe('full'); // the action's level (the catalogue said limited before)
    expect(levelOf('feedback')).toBe('visitor'); // level `none`: open to everyone
    expect(levelOf('pay_instalments')).toBe('limited');
    expect(levelOf('explain_costs')).toBe('full'); // no action: the catalogue's level
    for (const intent of INTENT_IDS) expect([intent, levelOf(intent)]).toEqual([intent, CATALOGUE[intent].level]);
  });

  it('words the action layer’s offers as intent ids, in order and each once', () => {
    expect(
      intentsOfOffers(['showPayDirect', 'showPayDirectInstallmentTrue', 'showPayLater', 'requestCallback']),
    ).toEqual(['pay_now', 'pay_later', 'callback']);
    expect(intentsOfOffers(['sendMessage', 'requestCallback'])).toEqual(['send_message', 'callback']);
    expect(intentsOfOffers(['unknown'])).toEqual([]);
    expect(offersOfIntent('pay_now')).toEqual(['showPayDirect', 'showPayDirectInstallmentTrue']);
    expect(offersOfIntent('hardship')).toEqual([]);
    for (const intent of Object.values(offerIntents)) expect(INTENT_IDS).toContain(intent);
  });
});
