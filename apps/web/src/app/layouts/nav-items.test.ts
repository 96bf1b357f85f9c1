import { describe, expect, it } from 'vitest';
import { settingsMenu } from '../../features/settings/utils/settings-access';
import { SETTINGS_ITEMS } from './nav-items';

describe('settings menu (spec §2, §6)', () => {
  it('agrees with the side menu the settings layout renders', () => {
    for (const type of ['business', 'influencer'] as const) {
      for (const username of ['plain', 'google_42', 'facebook_42']) {
        const external = /facebook|google/.test(username);
        const layout = SETTINGS_ITEMS[type]
          .filter((item) => !(external && item.hiddenForExternal))
          .map((item) => ({ label: item.label, to: item.to }));
        expect(settingsMenu(type, username).map(({ label, to }) => ({ label, to }))).toEqual(layout);
      }
    }
  });
});
