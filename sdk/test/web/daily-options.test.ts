// Daily option guards (zod): each rule, and that a violation is an error naming the option.
import { describe, expect, it } from 'vitest';
import WebCallClient, {
  DailyOptionError,
  checkCallObjectOptions,
  checkCustomIntegrations,
  checkCustomTrayButtons,
  checkDialOut,
  checkInputSettings,
  checkRemoteMediaPlayerSettings,
  checkTheme,
  checkTransfer,
  checkUserData,
} from '@helena/sdk/web';

function violation(fn: () => void): DailyOptionError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DailyOptionError);
    return error as DailyOptionError;
  }
  throw new Error('expected a DailyOptionError');
}

describe('daily option guards', () => {
  it('userData: at most 4096 characters once serialised', () => {
    expect(() => checkUserData({ name: 'Ana', tags: ['a', 'b'] })).not.toThrow();
    expect(() => checkUserData('x'.repeat(4094))).not.toThrow(); // 4096 with the quotes
    const e = violation(() => checkUserData('x'.repeat(4095)));
    expect(e.option).toBe('userData');
    expect(e.message).toBe('Invalid daily option "userData": must be at most 4096 characters once serialised (got 4097)');
  });

  it('userData: JSON-serialisable', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(violation(() => checkUserData(cyclic)).message).toMatch(/^Invalid daily option "userData": must be JSON-serialisable/);
    expect(violation(() => checkUserData(() => 1)).option).toBe('userData');
    expect(violation(() => checkUserData({ n: 10n })).option).toBe('userData');
    expect(() => checkUserData(undefined)).not.toThrow();
  });

  it('background blur strength in (0, 1]', () => {
    const blur = (strength: number) => ({ video: { processor: { type: 'background-blur', config: { strength } } } });
    expect(() => checkInputSettings(blur(1))).not.toThrow();
    expect(() => checkInputSettings(blur(0.01))).not.toThrow();
    for (const bad of [0, -0.5, 1.01]) {
      const e = violation(() => checkInputSettings(blur(bad)));
      expect(e.option).toBe('inputSettings.video.processor.config.strength');
      expect(e.message).toContain('greater than 0 and at most 1');
    }
  });

  it('background image preset: an integer from 1 to 10', () => {
    const image = (source: unknown) => ({ video: { processor: { type: 'background-image', config: { source } } } });
    for (const ok of [1, 10, 'https://example.com/bg.jpg']) expect(() => checkInputSettings(image(ok))).not.toThrow();
    for (const bad of [0, 11, 2.5]) {
      const e = violation(() => checkInputSettings(image(bad)));
      expect(e.option).toBe('inputSettings.video.processor.config.source');
      expect(e.message).toContain('integer from 1 to 10');
    }
  });

  it('remote media player volume from 0 to 2', () => {
    for (const ok of [0, 1, 2]) expect(() => checkRemoteMediaPlayerSettings({ volume: ok })).not.toThrow();
    for (const bad of [-0.1, 2.1]) {
      const e = violation(() => checkRemoteMediaPlayerSettings({ volume: bad }));
      expect(e.option).toBe('remoteMediaPlayer.settings.volume');
      expect(e.message).toContain('from 0 to 2');
    }
  });

  it("transfer target starts with 'sip:' or '+'", () => {
    expect(() => checkTransfer({ toEndPoint: 'sip:agent@example.com' })).not.toThrow();
    expect(() => checkTransfer({ toEndPoint: '+34600000000' })).not.toThrow();
    const e = violation(() => checkTransfer({ toEndPoint: '600000000' }));
    expect(e.option).toBe('transfer.toEndPoint');
    expect(e.message).toBe(`Invalid daily option "transfer.toEndPoint": must start with 'sip:' or '+'`);
  });

  it('caller id only for a PSTN number', () => {
    expect(() => checkDialOut({ phoneNumber: '+34600000000', callerId: 'cid-1' })).not.toThrow();
    expect(() => checkDialOut({ sipUri: 'sip:a@b.c' })).not.toThrow();
    expect(violation(() => checkDialOut({ sipUri: 'sip:a@b.c', callerId: 'cid-1' })).option).toBe('dialOut.callerId');
    expect(() => checkTransfer({ toEndPoint: '+34600000000', callerId: 'cid-1' })).not.toThrow();
    expect(violation(() => checkTransfer({ toEndPoint: 'sip:a@b.c', callerId: 'cid-1' })).option).toBe('transfer.callerId');
  });

  it('theme shape', () => {
    expect(() => checkTheme({ colors: { accent: '#1F2D3D', background: '#fff' } })).not.toThrow();
    expect(() => checkTheme({ light: { colors: { accent: '#000' } }, dark: { colors: { accent: '#fff' } } })).not.toThrow();
    expect(violation(() => checkTheme({ colors: { accent: 5 } })).option).toBe('theme.colors.accent');
    expect(violation(() => checkTheme({ colours: {} })).option).toMatch(/^theme/);
  });

  it('tray button shape: label; location main or sidebar', () => {
    expect(() => checkCustomTrayButtons({ help: { label: 'Ayuda', iconPath: '/i.svg', tooltip: 'Ayuda' } })).not.toThrow();
    expect(() => checkCustomTrayButtons({ help: { label: 'Ayuda', location: 'sidebar' } })).not.toThrow();
    expect(violation(() => checkCustomTrayButtons({ help: { iconPath: '/i.svg' } })).option).toBe('customTrayButtons.help.label');
    const e = violation(() => checkCustomTrayButtons({ help: { label: 'Ayuda', location: 'top' } }));
    expect(e.option).toBe('customTrayButtons.help.location');
    expect(e.message).toContain("'main' or 'sidebar'");
  });

  it('custom integration shape: src or srcdoc', () => {
    expect(() => checkCustomIntegrations({ notes: { label: 'Notas', location: 'main', src: 'https://example.com' } })).not.toThrow();
    expect(() => checkCustomIntegrations({ notes: { label: 'Notas', location: 'sidebar', srcdoc: '<p>hi</p>' } })).not.toThrow();
    const e = violation(() => checkCustomIntegrations({ notes: { label: 'Notas', location: 'main' } }));
    expect(e.option).toBe('customIntegrations.notes');
    expect(e.message).toContain('src or srcdoc is required');
    expect(violation(() => checkCustomIntegrations({ notes: { label: 'Notas', location: 'top', src: 'x' } })).option).toBe(
      'customIntegrations.notes.location',
    );
  });

  it('call-object options are checked as a whole, and WebCallClient rejects bad ones at construction', () => {
    expect(() => checkCallObjectOptions({ audioSource: true, userData: { a: 1 } })).not.toThrow();
    expect(violation(() => checkCallObjectOptions({ theme: { colors: { accent: 1 } } })).option).toBe('theme.colors.accent');
    expect(() => new WebCallClient('pk', undefined, undefined, { audioSource: true, userData: 'x'.repeat(5000) } as any)).toThrow(
      /Invalid daily option "userData"/,
    );
    expect(
      () =>
        new WebCallClient({
          token: 'pk',
          dailyCallObject: { inputSettings: { video: { processor: { type: 'background-blur', config: { strength: 2 } } } } } as any,
        }),
    ).toThrow(/inputSettings\.video\.processor\.config\.strength/);
  });
});
