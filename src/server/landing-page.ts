/** Shown at `/` when the web UI has not been built (`npm start` builds it). */
export function landingPage(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Fuseforks</title></head>
<body>
<h1>Fuseforks</h1>
<p lang="ja">村は起動しています。画面はまだビルドされていません（<code>npm start</code> でビルドされます）。API は <code>POST /api/&lt;command&gt;</code> です。</p>
<p>The village is running, but the web UI has not been built (<code>npm start</code> builds it). The API is <code>POST /api/&lt;command&gt;</code>.</p>
</body>
</html>
`;
}
