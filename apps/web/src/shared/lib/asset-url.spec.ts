import { assetUrl, PLACEHOLDER_IMAGE, storedImagePath } from './asset-url';

describe('assetUrl', () => {
  it('resolves relative paths against the API base', () => {
    expect(assetUrl('/avatars/12.svg')).toBe('http://localhost:3001/avatars/12.svg');
    expect(assetUrl('uploads/a.png')).toBe('http://localhost:3001/uploads/a.png');
  });

  it('keeps absolute URLs', () => {
    expect(assetUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(assetUrl('//cdn.example.com/a.png')).toBe('//cdn.example.com/a.png');
    expect(assetUrl('data:image/png;base64,AAA')).toBe('data:image/png;base64,AAA');
  });

  it('answers the local placeholder without a path', () => {
    expect(assetUrl(null)).toBe(PLACEHOLDER_IMAGE);
    expect(assetUrl(undefined)).toBe(PLACEHOLDER_IMAGE);
    expect(assetUrl('  ')).toBe(PLACEHOLDER_IMAGE);
  });
});

describe('storedImagePath', () => {
  it('sends the API’s own absolute images back as their path, and keeps anything else', () => {
    expect(storedImagePath('http://localhost:3001/uploads/a.png')).toBe('/uploads/a.png');
    expect(storedImagePath('/avatars/12.svg')).toBe('/avatars/12.svg');
    expect(storedImagePath('https://lh3.googleusercontent.com/a/x')).toBe('https://lh3.googleusercontent.com/a/x');
  });
});
