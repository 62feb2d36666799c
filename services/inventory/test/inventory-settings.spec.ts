import { AppError } from '@stockyard/service-kit';
import { changeSettings, defaultSettings } from '../src/domain/inventory-settings';

describe('a change of the inventory settings (changeSettings)', () => {
  const current = defaultSettings('org_1');

  it('changes the method, valued or not, and the currency while nothing is valued', () => {
    expect(changeSettings(current, { costingMethod: 'MOVING_AVERAGE' }, true).state).toMatchObject({
      costingMethod: 'MOVING_AVERAGE',
      currency: 'USD',
    });
    expect(changeSettings(current, { currency: 'EUR' }, false).state).toMatchObject({ currency: 'EUR' });
  });

  it('refuses a new currency once the stock is valued (409 currency_locked)', () => {
    const attempt = () => changeSettings(current, { currency: 'EUR' }, true);
    expect(attempt).toThrow(AppError);
    expect(() => attempt()).toThrow(expect.objectContaining({ status: 409, code: 'currency_locked' }));
  });

  it('writes nothing for the settings as they are', () => {
    expect(changeSettings(current, { currency: 'USD', costingMethod: 'FIFO' }, true)).toEqual({});
  });
});
