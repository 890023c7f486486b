import { parseAvatarName, renderAvatarSvg } from './avatar-svg';

describe('avatars', () => {
  it('reads initials and hue from the file name', () => {
    expect(parseAvatarName('LG-210.svg')).toEqual({ initials: 'LG', hue: 210 });
  });
  it.each(['lg-1.svg', 'LG-360.svg', 'LG-1.png', '../x.svg', 'ABC-1.svg', '<s>-1.svg'])('refuses %s', (file) => {
    expect(parseAvatarName(file)).toBeNull();
  });
  it('draws the initials', () => {
    expect(renderAvatarSvg('LG', 10)).toContain('>LG</text>');
  });
});
