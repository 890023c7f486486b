/** Parses an avatar file name such as `LG-210.svg` (initials, hue 0-359). */
export function parseAvatarName(file: string): { initials: string; hue: number } | null {
  const match = /^([A-Z]{1,2})-(\d{1,3})\.svg$/.exec(file);
  if (!match || Number(match[2]) > 359) return null;
  return { initials: match[1], hue: Number(match[2]) };
}

/** A round profile picture drawn locally: initials on a coloured disc. */
export function renderAvatarSvg(initials: string, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${initials}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,58%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,42%)"/></linearGradient></defs>
<rect width="256" height="256" fill="url(#g)"/>
<circle cx="128" cy="128" r="92" fill="rgba(255,255,255,0.18)"/>
<text x="128" y="158" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="88" font-weight="700" fill="#fff">${initials}</text>
</svg>`;
}
