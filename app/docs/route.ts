// The human API reference: Scalar's standalone renderer, served from our own origin (no CDN).
const page = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Rúbrica API</title>
</head>
<body>
<script id="api-reference" data-url="/openapi.json"></script>
<script src="/docs/scalar.js"></script>
</body>
</html>`;

export function GET() {
  return new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } });
}
