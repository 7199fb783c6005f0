/** Shown at `/` until the web UI lands: says the village is up and where the API is. */
export function landingPage(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Fuseforks</title></head>
<body>
<h1>Fuseforks</h1>
<p lang="ja">村は起動しています。API は <code>POST /api/&lt;command&gt;</code>、イベントは <code>/api/events</code> です。</p>
<p>The village is running. The API is <code>POST /api/&lt;command&gt;</code>; events stream on <code>/api/events</code>.</p>
</body>
</html>
`;
}
