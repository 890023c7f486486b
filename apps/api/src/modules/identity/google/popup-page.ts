/** The page the OAuth popup ends on: hands the outcome to the SPA that opened it, then closes. */
export function popupPage(
  message: Record<string, unknown>,
  targetOrigin: string,
  serialize: (value: unknown) => string = JSON.stringify,
): string {
  // JSON inside a script: escape '<' so no value can close the tag. `serialize` writes images absolute (PublicAssetUrls.json).
  const data = serialize(message).replace(/</g, '\\u003c');
  const origin = JSON.stringify(targetOrigin).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Oficios</title></head>
<body><p>Listo. Puedes cerrar esta ventana.</p>
<script>
  if (window.opener) { window.opener.postMessage(${data}, ${origin}); }
  window.close();
</script></body></html>`;
}
