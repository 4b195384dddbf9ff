// The small HTML page of answers made outside React Router (bad addresses, refused methods,
// 503s): it needs no database, no script and no stylesheet request.

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A complete page with a heading, a sentence and a way on. */
export function errorPage({
  title,
  heading,
  message,
  link,
}: {
  title: string;
  heading: string;
  message: string;
  link: { href: string; text: string };
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | Pawsome Picks</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#fffbf5;color:#292524}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.75rem}a{color:#9a3412}</style>
</head>
<body><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p></main></body>
</html>`;
}
